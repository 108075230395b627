import Foundation

/// The programs beside Swift that some tests drive (GDAL, zbar, axe-core, the Web Push reference
/// Python): a test that needs one runs where it is installed and is skipped elsewhere, but under
/// `.ci/run`, which installs them all and sets VIGIL_REQUIRE_TOOLS=1, a missing one fails instead.
public enum TestTools {
    public static var areRequired: Bool { ProcessInfo.processInfo.environment["VIGIL_REQUIRE_TOOLS"] == "1" }

    /// Whether the tests that run `executable` are to run.
    public static func isAvailable(_ executable: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: executable) || areRequired
    }
}
