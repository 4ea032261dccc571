import Observation
import Testing
import Timeline

/// A model using Swift's `@Observable` in a file that also imports Timeline. The macro expands
/// to `Observation.ObservationRegistrar`; a Timeline type named `Observation` would break it, which
/// is why the observation token is called `SignalObservation`.
@Observable
final class ObservableModel {
    var progress = 0.0
}

@Suite("Names")
struct NameClashTests {
    @Test("@Observable still compiles and works next to Timeline")
    func observableMacro() {
        let model = ObservableModel()
        let state = StateEmitter<Double, Never>(0.25)
        model.progress = state.value
        #expect(model.progress == 0.25)
    }
}
