import NIOCore
import Testing

@testable import VigilBench

@Suite struct AccountingTests {
    @Test func inOrderDeliveryIsClean() {
        var tracker = SequenceTracker()
        for seq in 1...5 as ClosedRange<UInt64> {
            tracker.record(publisher: 1, seq: seq)
            tracker.record(publisher: 2, seq: seq)
        }
        #expect(tracker.received == 10)
        #expect(tracker.lost(sent: [1: 5, 2: 5]) == 0)
        #expect(tracker.duplicates == 0 && tracker.outOfOrder == 0)
    }

    @Test func gapsTailsDuplicatesAndLateArrivals() {
        var tracker = SequenceTracker()
        for seq: UInt64 in [1, 2, 5, 3, 3, 6] { tracker.record(publisher: 7, seq: seq) }
        // 4 never came, 3 came late (once) and again (a duplicate), 7 and 8 were sent but not seen.
        #expect(tracker.outOfOrder == 1)
        #expect(tracker.duplicates == 1)
        #expect(tracker.lost(sent: [7: 8]) == 3)
        // A publisher never heard from lost everything it sent.
        #expect(tracker.lost(sent: [7: 6, 8: 4]) == 1 + 4)
    }

    @Test func probeRoundTripsThroughEveryWrapping() {
        let probe = Probe(publisher: 12, seq: 345, sentNanos: 6_789_012_345)
        let payload = probe.payload(size: 64)
        #expect(payload.utf8.count == 64)
        let vigil = #"{"op":"event","topic":"notice/bench-0","seq":9,"data":{"level":"info","text":"\#(payload)"}}"#
        #expect(Probe.find(in: ByteBuffer(string: vigil).readableBytesView) == probe)
        #expect(Probe.find(in: ByteBuffer(string: payload).readableBytesView) == probe)
    }

    @Test func malformedProbesAreNotRead() {
        for text in ["no probe here", "~B1.2~", "~B1..3~", "~Bx.2.3~", "~B1.2.3", "~B1.2.99999999999999999999~"] {
            #expect(Probe.find(in: ByteBuffer(string: text).readableBytesView) == nil, "\(text)")
        }
    }

    @Test func ratioIsAgainstTheBestOfTheOthers() {
        #expect(ComparisonTable.ratio(of: 0, in: [300, 100, 200], higherIsBetter: true) == 1.5)
        #expect(ComparisonTable.ratio(of: 1, in: [300, 100, 200], higherIsBetter: true) == 1.0 / 3)
        #expect(ComparisonTable.ratio(of: 0, in: [2, 4, nil], higherIsBetter: false) == 0.5)
        #expect(ComparisonTable.ratio(of: 2, in: [2, 4, nil], higherIsBetter: false) == nil)
    }

    @Test func figuresShownForContextCarryNoRatio() {
        var table = ComparisonTable(columns: ["a", "b"])
        table.rows = [
            .init("delivered", [10, 20], higherIsBetter: true),
            .init("load generator CPU %", [50, 70], higherIsBetter: false, compared: false),
        ]
        let lines = table.render().split(separator: "\n")
        #expect(lines[2] == "| delivered | 10 (0.50x) | 20 (2.00x) |")
        #expect(lines[3] == "| load generator CPU % | 50 | 70 |")
    }
}
