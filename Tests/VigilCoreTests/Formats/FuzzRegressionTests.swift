import Foundation
import Testing

@testable import VigilCore

/// Every input a fuzzer found crashing a parser is kept as `Fuzz/corpus/<target>/regression-*`;
/// each is fed here to what its fuzz target runs (parse, and when that succeeds write and parse
/// again to the same value), so that `swift test` fails, or crashes, if the bug comes back.
@Suite struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../Fuzz/corpus").standardized

    /// Runs `input` through what the fuzz target `target` does; false when there is no such target.
    static func run(_ target: String, _ input: Data) throws -> Bool {
        switch target {
        case "flood-xml":
            try roundTrip(input, parse: { try FloodXMLParser.parseRequest($0) }, write: { FloodXMLWriter.write($0) })
            try roundTrip(input, parse: { try FloodXMLParser.parseResponse($0) }, write: { FloodXMLWriter.write($0) })
        case "kml": try roundTrip(input, parse: { try FloodKMLParser.parse($0) }, write: { FloodKMLWriter.write($0) })
        case "camera-topology": try roundTrip(input, parse: { try CameraTopologyJSON.parse($0) }, write: { CameraTopologyJSON.write($0) })
        case "scribble": try roundTrip(input, parse: { try ScribbleText.parse($0) }, write: { ScribbleText.write($0) })
        case "detections": try roundTrip(input, parse: { try DetectionBatchJSON.parse($0) }, write: { DetectionBatchJSON.write($0) })
        case "client-message":
            try roundTrip(input, parse: { try ClientMessage.decode(String(decoding: $0, as: UTF8.self)).get() }, write: { Data($0.encoded().utf8) })
        default: return false
        }
        return true
    }

    static func roundTrip<Value: Equatable>(_ input: Data, parse: (Data) throws -> Value, write: (Value) -> Data) throws {
        guard let value = try? parse(input) else { return }
        #expect(try parse(write(value)) == value)
    }

    static var regressionInputs: [(target: String, file: URL)] {
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return targets.sorted().flatMap { target in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(target).path)) ?? []
            return files.filter { $0.hasPrefix("regression-") }.sorted().map { (target, corpus.appendingPathComponent("\(target)/\($0)")) }
        }
    }

    @Test func everyRegressionInputRunsThroughItsTarget() throws {
        let inputs = Self.regressionInputs
        #expect(inputs.count >= 2, "the corpus at \(Self.corpus.path) has its regression inputs")
        for (target, file) in inputs {
            #expect(try Self.run(target, try Data(contentsOf: file)), "no fuzz target \(target)")
        }
    }

    /// The two found so far: a processing instruction without data, on which FoundationXML on Linux
    /// dereferenced NULL. They are refused before FoundationXML sees them.
    @Test func processingInstructionsWithoutDataAreRefused() throws {
        let xml = try Data(contentsOf: Self.corpus.appendingPathComponent("flood-xml/regression-processing-instruction-without-data.xml"))
        #expect(refusal { _ = try FloodXMLParser.parseRequest(xml) }?.message == "processing instructions are not allowed")
        #expect(refusal { _ = try FloodXMLParser.parseResponse(xml) }?.message == "processing instructions are not allowed")
        let kml = try Data(contentsOf: Self.corpus.appendingPathComponent("kml/regression-processing-instruction-without-data.kml"))
        #expect(refusal { _ = try FloodKMLParser.parse(kml) }?.message == "processing instructions are not allowed")
    }
}
