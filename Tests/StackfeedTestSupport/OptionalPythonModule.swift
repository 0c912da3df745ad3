import Foundation
import Testing

/// Python modules from PyPI that a check in scripts/ imports, which a bare machine (only what the README asks
/// for: Swift and libsqlite3-dev) lacks. A test that needs them is enabled only when python3 imports them, and
/// says why when it is skipped (`.requires`); `.ci/run` installs them with pip.
///
///     @Test(.requires(OptionalPythonModule.openAPI.isInstalled, OptionalPythonModule.openAPI.skipNote))
public struct OptionalPythonModule: Sendable {
  /// `openapi_spec_validator` and `openapi_core` (`pip install openapi-spec-validator openapi-core`): validate
  /// docs/openapi.json and check answers against it (scripts/check-openapi.py).
  public static let openAPI = OptionalPythonModule(
    modules: ["openapi_spec_validator", "openapi_core"], packages: ["openapi-spec-validator", "openapi-core"])

  /// The modules, as `import` names them.
  public let modules: [String]
  /// The PyPI packages that provide them.
  public let packages: [String]

  /// Whether python3 is installed and imports every module.
  public var isInstalled: Bool {
    guard let python = OptionalTool.python3.url else { return false }
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", "import " + modules.joined(separator: ", ")]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The reason a test needing the modules is skipped.
  public var skipNote: Comment {
    Comment(
      rawValue:
        "needs the Python modules \(modules.joined(separator: ", ")) (pip install \(packages.joined(separator: " ")); .ci/run installs them)"
    )
  }
}
