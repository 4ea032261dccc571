import CadenceCommandHarness
import Testing
import Timeline
import TimelinePlugins

/// Messages that say what the user wrote and what they meant (issue 28, item 16).
@Suite("Messages (newcomer trial and audit)")
struct MessageTests {
    @Test func aCamelCaseCurveNameSuggestsItsKebabCaseNameAsWritten() {
        let result = cadence("curve", "easeInOut")
        #expect(result.status == 2)
        #expect(result.err.contains("unknown timing curve 'easeInOut' (did you mean 'ease-in-out'?)"), "\(result.err)")
        #expect(cadence("curve", "EaseOutBack").err.contains("'EaseOutBack' (did you mean 'ease-out-back'?)"))
        // A typo still gets the nearest name.
        #expect(cadence("curve", "ease-outt").err.contains("(did you mean 'ease-out'?)"))
    }

    @Test func aSpringWithOnlyAMassSaysWhatItNeeds() {
        let found = errors(#"{"cadence":1,"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},{"time":1,"value":1,"spring":{"mass":2}}]}]}"#)
        #expect(found == [#"tracks[0].keyframes[1].spring.mass: a spring with "mass" needs "stiffness" and "damping", or "response""#])
        let threshold = errors(#"{"cadence":1,"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},{"time":1,"value":1,"spring":{"threshold":0.01}}]}]}"#)
        #expect(threshold.first?.contains(#"a spring with "threshold" needs "settlingDuration""#) == true, "\(threshold)")
    }

    @Test func theUnknownTrackHintListsTracksThatFailedTheirOwnCheck() {
        let found = errors(#"{"cadence":1,"tracks":[{"name":"a","keyframes":[{"time":0,"value":0},{"time":0,"value":1}]},{"name":"b","keyframes":[{"value":1}]}],"timeline":[{"track":"c"}]}"#)
        #expect(found.count == 2)
        #expect(found.last == #"timeline[0].track: unknown track "c" (tracks: a, b)"#, "\(found)")
    }

    @Test func hugeSpringInputsGetMessagesAboutWhatWasGiven() {
        let velocity = cadence("spring", "--response", "0.5", "--damping-ratio", "0.7", "--velocity", "1e308")
        #expect(velocity.err.contains("does not settle in a time that can be represented from an initial velocity of 1e+308"), "\(velocity.err)")
        #expect(!velocity.err.contains("no damping"))
        let relative = cadence("spring", "--damping-ratio", "0.5", "--duration", "1", "--initial-velocity", "1e308")
        #expect(relative.err.contains("--initial-velocity: 1e+308") && relative.err.contains("use smaller ones"), "\(relative.err)")
        let range = cadence("spring", "--from", "1e308", "--to", "-1e308")
        #expect(range.err.contains("are too far apart"), "\(range.err)")
    }
}
