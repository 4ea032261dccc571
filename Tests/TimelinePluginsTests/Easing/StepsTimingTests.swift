import Testing
import Timeline
import TimelinePlugins

@Suite("StepsTiming")
struct StepsTimingTests {
    /// Outputs worked by hand from the CSS Easing algorithm (floor, +1 for jump-start/both,
    /// clamp, divide by the number of jumps), before flag unset.
    static let table: [(count: Int, position: StepPosition, input: Double, output: Double)] = [
        // steps(4) = steps(4, jump-end): 0, 1/4, 2/4, 3/4, and 1 only at the end.
        (4, .jumpEnd, 0, 0), (4, .jumpEnd, 0.2, 0), (4, .jumpEnd, 0.25, 0.25),
        (4, .jumpEnd, 0.5, 0.5), (4, .jumpEnd, 0.99, 0.75), (4, .jumpEnd, 1, 1),
        // steps(4, jump-start): the first rise at 0.
        (4, .jumpStart, 0, 0.25), (4, .jumpStart, 0.24, 0.25), (4, .jumpStart, 0.25, 0.5),
        (4, .jumpStart, 0.75, 1), (4, .jumpStart, 1, 1),
        // steps(5, jump-none): 4 jumps, 0 at the start and 1 over the last fifth.
        (5, .jumpNone, 0, 0), (5, .jumpNone, 0.19, 0), (5, .jumpNone, 0.2, 0.25),
        (5, .jumpNone, 0.6, 0.75), (5, .jumpNone, 0.8, 1), (5, .jumpNone, 1, 1),
        // steps(3, jump-both): 4 jumps, rises at 0 and at 1.
        (3, .jumpBoth, 0, 0.25), (3, .jumpBoth, 0.3, 0.25), (3, .jumpBoth, 0.5, 0.5),
        (3, .jumpBoth, 0.9, 0.75), (3, .jumpBoth, 1, 1),
        // steps(2, jump-none): the middle jump only.
        (2, .jumpNone, 0.49, 0), (2, .jumpNone, 0.5, 1),
        // Decimal inputs land on the step they denote: 0.3 × 10 rounds to 3.
        (10, .jumpEnd, 0.3, 0.3), (10, .jumpEnd, 0.7, 0.7),
    ]

    @Test(arguments: 0..<table.count)
    func outputsFollowTheCSSAlgorithm(row: Int) throws {
        let (count, position, input, output) = Self.table[row]
        let steps = try StepsTiming(count, position)
        #expect(steps.value(at: input) == output, "steps(\(count), \(position)) at \(input)")
        #expect(steps.derivative(at: input) == 0)
        #expect(steps.inverse(of: output) == nil)
    }

    @Test func keywordsAreOneStep() throws {
        // step-start computes to steps(1, start); step-end to steps(1, end).
        #expect(StepsTiming.stepStart == (try StepsTiming(1, .start)))
        #expect(StepsTiming.stepEnd == (try StepsTiming(1, .end)))
        for x in [0, 0.001, 0.5, 0.999] {
            #expect(StepsTiming.stepStart.value(at: x) == 1)
            #expect(StepsTiming.stepEnd.value(at: x) == 0)
        }
        #expect(StepsTiming.stepEnd.value(at: 1) == 1)
        #expect(StepPosition.start == .jumpStart)
        #expect(StepPosition.end == .jumpEnd)
    }

    @Test func beforeFlagGivesTheBottomOfTheStep() throws {
        // The spec's example: steps(5, start) during the delay phase (input 0, before flag set)
        // gives 0; when the interval begins (flag unset) the top of the first step, 1/5.
        let steps = try StepsTiming(5, .start)
        #expect(steps.value(at: 0, beforeFlag: true) == 0)
        #expect(steps.value(at: 0, beforeFlag: false) == 0.2)
        #expect(steps.value(at: 0) == 0.2)
        // At an interior step point the flag drops one step; between step points it changes nothing.
        let end = try StepsTiming(4)
        #expect(end.value(at: 0.5, beforeFlag: true) == 0.25)
        #expect(end.value(at: 0.5, beforeFlag: false) == 0.5)
        #expect(end.value(at: 0.6, beforeFlag: true) == 0.5)
        // jump-end with the before flag at input 0 stays at 0 (clamped, step 4 of the spec).
        #expect(end.value(at: 0, beforeFlag: true) == 0)
    }

    @Test func inputsOutsideTheUnitIntervalFollowTheSpecOnlyThroughTheFullAlgorithm() throws {
        // Web Platform Tests: step-start with input progress 1.5 (from an overshooting curve)
        // outputs 2, as no clamping applies above 1.
        #expect(StepsTiming.stepStart.value(at: 1.5, beforeFlag: false) == 2)
        #expect(try StepsTiming(4).value(at: -0.5, beforeFlag: false) == -0.5)
        // value(at:) clamps to 0...1 like every timing function.
        #expect(StepsTiming.stepStart.value(at: 1.5) == 1)
        #expect(try StepsTiming(4).value(at: -0.5) == 0)
        #expect(try StepsTiming(4).value(at: .nan) == 0)
        #expect(try StepsTiming(4).value(at: .nan, beforeFlag: true) == 0)
    }

    @Test func outputsStayInTheUnitIntervalAndNeverDecrease() throws {
        for position in StepPosition.allCases {
            for count in 1...12 where count >= position.minimumCount {
                let steps = try StepsTiming(count, position)
                var previous = -1.0
                for index in 0...1000 {
                    let value = steps.value(at: Double(index) / 1000)
                    #expect(value >= 0 && value <= 1)
                    #expect(value >= previous)
                    previous = value
                }
                #expect(previous == 1, "\(steps) must end at 1")
            }
        }
    }

    @Test func countsOutOfRangeAreTypedErrors() {
        #expect(throws: StepsTimingError.countTooSmall(count: 0, position: .jumpEnd)) {
            try StepsTiming(0)
        }
        #expect(throws: StepsTimingError.countTooSmall(count: -3, position: .jumpStart)) {
            try StepsTiming(-3, .jumpStart)
        }
        #expect(throws: StepsTimingError.countTooSmall(count: 1, position: .jumpNone)) {
            try StepsTiming(1, .jumpNone)
        }
        #expect(throws: StepsTimingError.countTooLarge(count: Int.max)) {
            try StepsTiming(Int.max, .jumpBoth)
        }
        #expect(
            StepsTimingError.countTooSmall(count: 1, position: .jumpNone).description
                == "steps: 1 steps with jump-none (it needs at least 2)")
    }

    @Test func descriptionsFollowCSSSerialisation() throws {
        #expect(try StepsTiming(4).description == "steps(4)")
        #expect(try StepsTiming(4, .end).description == "steps(4)")
        #expect(try StepsTiming(4, .jumpStart).description == "steps(4, jump-start)")
        #expect(try StepsTiming(3, .jumpNone).description == "steps(3, jump-none)")
        #expect(StepsTiming.stepStart.description == "steps(1, jump-start)")
        #expect(TimingCurve.stepEnd.description == "steps(1)")
    }
}
