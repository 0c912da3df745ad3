// swift-tools-version:6.0
import PackageDescription

#if canImport(Glibc)
  import Glibc
#endif

/// Whether this machine's C library is glibc 2.36 or later (the first to read `DT_RELR`).
let glibcReadsPackedRelocations: Bool = {
  #if canImport(Glibc)
    var name = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return false }
    let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "." }).compactMap { Int($0) }
    return parts.count >= 2 && (parts[0], parts[1]) >= (2, 36)
  #else
    return false
  #endif
}()

/// The release `stackfeed` command's link on Linux (docs/BENCHMARKS.md, "Start-up"): the Swift runtime and
/// FoundationEssentials linked in (`-static-stdlib`, with lld, the toolchain's linker, which links the archives
/// without warnings), and so are libstdc++ (`Linker/static-libstdc++` answers the runtime's `-lstdc++` with
/// `libstdc++.a`) and libgcc: what is left to load is libsqlite3, libm and libc. Still a position-independent
/// executable (ASLR), lazily bound like before. Where the C library reads packed relative relocations (glibc
/// 2.36+), they are packed (`DT_RELR`: 7 KB instead of 900 KB of relocation entries to read at every start).
let commandLinkFlags: [String] = {
  var flags = [
    "-static-stdlib", "-use-ld=lld", "-L", Context.packageDirectory + "/Linker/static-libstdc++",
    "-Xclang-linker", "-static-libgcc",
  ]
  if glibcReadsPackedRelocations { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
  return flags
}()

/// Stackfeed: a headless backend for feed-style apps.
/// The module graph and its dependency rules are described in docs/DESIGN.md (rules: ../shared/docs/design.md).
let package = Package(
  name: "Stackfeed",
  // For the libraries an app imports (FeedModels, FeedViewModels, StackLayout, and the CivilTime and JSONCore they
  // bring along): `Synchronization.Mutex` (the caches in StackLayout) needs iOS 18 / macOS 15. Linux builds ignore
  // this. See docs/LIBRARIES.md.
  platforms: [.iOS(.v18), .macOS(.v15)],
  products: [
    .executable(name: "stackfeed", targets: ["stackfeed"]),
    .executable(name: "stackfeed-bench", targets: ["stackfeed-bench"]),
    .executable(name: "stackfeed-promo", targets: ["stackfeed-promo"]),
    .library(name: "CivilTime", targets: ["CivilTime"]),
    .library(name: "FeedModels", targets: ["FeedModels"]),
    .library(name: "FeedViewModels", targets: ["FeedViewModels"]),
    .library(name: "StackLayout", targets: ["StackLayout"]),
    .library(name: "StackRender", targets: ["StackRender"]),
    .library(name: "SQLCore", targets: ["SQLCore"]),
    .library(name: "SQLiteCore", targets: ["SQLiteCore"]),
    .library(name: "PostgresCore", targets: ["PostgresCore"]),
    .library(name: "FeedStore", targets: ["FeedStore"]),
    .library(name: "FeedPlugins", targets: ["FeedPlugins"]),
    .library(name: "BuiltInPlugins", targets: ["BuiltInPlugins"]),
    .library(name: "FeedOptions", targets: ["FeedOptions"]),
    .library(name: "FeedServer", targets: ["FeedServer"]),
    .library(name: "StackfeedCLI", targets: ["StackfeedCLI"]),
  ],
  targets: [
    // The system libsqlite3; the only C the wrapper sees.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // SHA-256, the package's one hash: migration checksums (SQLCore) and API token hashes (FeedStore).
    // Optimized in debug builds too: every test database is seeded with the reference photos, whose versions are
    // their SHA-256 (5.6 MB: about 0.5 s of CPU per seed unoptimized, 0.015 s optimized; perf record).
    .target(
      name: "Hashing", dependencies: ["JSONCore"],
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    // What every database backend shares, in pure Swift: values, dialects, migrations (no C, no Foundation).
    .target(name: "SQLCore", dependencies: ["Hashing"]),
    // The SQLite wrapper: the ONLY module that imports CSQLite.
    .target(name: "SQLiteCore", dependencies: ["CSQLite", "SQLCore"]),
    // GNU libmicrohttpd, declared here (no libmicrohttpd-dev needed) and loaded with dlopen on the first server
    // start (libmicrohttpd12), so that the other commands do not load it and its TLS libraries; the only C the
    // HTTP wrapper sees.
    .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("dl")]),
    // The HTTP server wrapper: the ONLY module that imports CMicroHTTPD.
    .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
    // libpq (Debian libpq5), declared by hand and loaded with dlopen on the first PostgreSQL connection, so that
    // building and every SQLite command need no libpq; the only C the PostgreSQL wrapper sees.
    .target(name: "CPostgres", linkerSettings: [.linkedLibrary("dl")]),
    // The PostgreSQL client wrapper: the ONLY module that imports CPostgres.
    .target(name: "PostgresCore", dependencies: ["CPostgres", "SQLCore"]),
    // libdeflate (Debian libdeflate0), declared here and loaded with dlopen on the first compression, so that
    // building needs no libdeflate-dev and a machine without the library answers uncompressed; the only C the
    // gzip wrapper sees.
    .target(name: "CDeflate", linkerSettings: [.linkedLibrary("dl")]),
    // gzip over whole buffers (the HTTP API's Content-Encoding): the ONLY module that imports CDeflate.
    .target(name: "GzipCore", dependencies: ["CDeflate"]),
    // libvips (Debian libvips42), declared here and loaded with dlopen on the first image decoded, so that
    // building needs no libvips-dev and a machine without the library serves original bytes; the only C the image
    // wrapper sees.
    .target(name: "CVips", linkerSettings: [.linkedLibrary("dl")]),
    // Images: the format sniffed from the bytes, the header's dimensions and their limits, libvips' average
    // colour and resizing: the ONLY module that imports CVips.
    .target(name: "ImageCore", dependencies: ["CVips", "JSONCore"]),
    // The core's files compiled into the binary with C23 #embed (scripts/generate-bundle.sh): the accounts'
    // migrations and seed (Migrations/account/, Seeds/account/) and docs/openapi.json; and the bundle table's type.
    .target(
      name: "CStackfeedBundle",
      cSettings: [.unsafeFlags(["-std=c23"])]
    ),
    // The built-in kinds' own files, compiled in the same way: Migrations/<kind>/ and Seeds/<kind>/.
    .target(
      name: "CBuiltInPluginsBundle", dependencies: ["CStackfeedBundle"],
      cSettings: [.unsafeFlags(["-std=c23"])]
    ),
    // The package's one JSON implementation: a strict parser, the string escaper, the byte buffer they write.
    .target(name: "JSONCore"),
    // The package's one calendar: civil dates, ISO-8601 instants, TZif zones and their POSIX rules (no Foundation).
    .target(name: "CivilTime"),
    .target(name: "FeedModels"),
    .target(name: "FeedViewModels", dependencies: ["FeedModels", "CivilTime", "JSONCore"]),
    // The store and all seeding: bundled files, location, opening + migrating, seed files, records, the seeder.
    .target(
      name: "FeedStore",
      dependencies: [
        "SQLCore", "SQLiteCore", "PostgresCore", "CStackfeedBundle", "JSONCore", "CivilTime", "FeedModels", "Hashing",
        "ImageCore",
      ]),
    .target(name: "StackLayout", dependencies: ["JSONCore"], exclude: ["Text/FONT-LICENSE.txt"]),
    .target(name: "StackRender", dependencies: ["StackLayout", "CardStack", "JSONCore"]),
    // The CardsStack presentation: card frames per state and the drag state machine.
    .target(name: "CardStack", dependencies: ["StackLayout"]),
    // The row-plugin protocol, the registry, the composer and the generic row shape: no row kind lives here.
    .target(
      name: "FeedPlugins",
      dependencies: [
        "SQLCore", "FeedStore", "FeedModels", "FeedViewModels", "StackLayout", "StackRender", "JSONCore",
        "CivilTime",
      ]),
    // The built-in row kinds: header, feed item, order, with their migrations, seeds, view models and cards.
    .target(
      name: "BuiltInPlugins",
      dependencies: [
        "FeedPlugins", "FeedStore", "FeedModels", "FeedViewModels", "SQLCore", "StackLayout", "CivilTime", "JSONCore",
        "CBuiltInPluginsBundle",
      ]
    ),
    // The options shared by the commands and the HTTP API (width, limit, cursor, zone, format, card stack):
    // one parser each, over a command line or a URL query.
    .target(name: "FeedOptions", dependencies: ["FeedPlugins", "StackLayout", "StackRender", "CardStack"]),
    // The HTTP API as a library: a request value in, a response value out; no socket, no command line.
    .target(
      name: "FeedServer",
      dependencies: [
        "FeedOptions", "FeedPlugins", "FeedStore", "FeedModels", "SQLCore", "SQLiteCore", "PostgresCore",
        "StackLayout", "StackRender", "HTTPServer", "GzipCore", "JSONCore", "CivilTime", "ImageCore",
      ]
    ),
    .target(
      name: "StackfeedCLI",
      dependencies: [
        "FeedOptions", "FeedServer", "FeedPlugins", "BuiltInPlugins", "FeedStore", "SQLCore", "StackLayout",
        "StackRender", "HTTPServer", "JSONCore", "CivilTime",
      ]
    ),
    // Release builds link the Swift runtime, FoundationEssentials and libstdc++ into the command (Linux; see
    // `commandLinkFlags`): a short command starts about twice as fast as with a dozen shared libraries to load and
    // bind. The two helper archives are the ones FoundationEssentials' static module names. Debug builds and
    // tests stay dynamic.
    .executableTarget(
      name: "stackfeed", dependencies: ["StackfeedCLI"],
      linkerSettings: [
        .unsafeFlags(commandLinkFlags, .when(platforms: [.linux], configuration: .release)),
        .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
        .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
      ]),
    .executableTarget(
      name: "stackfeed-bench",
      dependencies: [
        "StackfeedCLI", "FeedPlugins", "BuiltInPlugins", "FeedStore", "FeedModels", "FeedViewModels", "StackLayout",
        "StackRender", "PostgresCore", "SQLCore", "CivilTime", "JSONCore",
      ]
    ),

    // An example row kind outside the core (Examples/PromoPlugin): it depends on library products only and
    // imports public API only (StackfeedCLITests.ExampleIsolationTests checks both).
    .target(
      name: "PromoPlugin", dependencies: ["FeedPlugins", "FeedStore", "SQLCore", "StackLayout"],
      path: "Examples/PromoPlugin/Sources/PromoPlugin"),
    .executableTarget(
      name: "stackfeed-promo", dependencies: ["StackfeedCLI", "PromoPlugin"],
      path: "Examples/PromoPlugin/Sources/stackfeed-promo"),

    .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
    .testTarget(name: "SQLCoreTests", dependencies: ["SQLCore"]),
    .testTarget(name: "SQLiteCoreTests", dependencies: ["SQLiteCore", "SQLCore", "CSQLite"]),
    // Against a real server: a throwaway cluster (StackfeedTestSupport.PostgresCluster), skipped without one.
    .testTarget(name: "PostgresCoreTests", dependencies: ["PostgresCore", "SQLCore", "StackfeedTestSupport"]),
    .testTarget(name: "FeedViewModelsTests", dependencies: ["FeedViewModels", "FeedModels", "CivilTime", "JSONCore"]),
    .testTarget(
      name: "FeedStoreTests", dependencies: ["FeedStore", "SQLCore", "SQLiteCore", "Hashing", "StackfeedTestSupport"]),
    .testTarget(name: "StackLayoutTests", dependencies: ["StackLayout", "StackfeedTestSupport"]),
    .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"]),
    .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime", "StackfeedTestSupport"]),
    .testTarget(name: "CardStackTests", dependencies: ["CardStack", "StackLayout"]),
    // Source checks of the libraries an app imports (imports an iOS app has; no API newer than `platforms:`).
    .testTarget(name: "AppLibraryTests", dependencies: ["StackfeedTestSupport"]),
    // Source checks of the whole package: every import of a package module is a declared dependency.
    .testTarget(name: "PackageGraphTests", dependencies: ["StackfeedTestSupport"]),
    // Helpers shared by test targets (golden files, optional programs, test databases on either backend).
    .target(
      name: "StackfeedTestSupport",
      dependencies: ["PostgresCore", "SQLCore", "SQLiteCore", "FeedPlugins", "FeedStore", "StackLayout"],
      path: "Tests/StackfeedTestSupport"),
    .testTarget(
      name: "StackRenderTests", dependencies: ["StackRender", "StackLayout", "JSONCore", "StackfeedTestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FeedPluginsTests",
      dependencies: [
        "FeedPlugins", "BuiltInPlugins", "FeedStore", "FeedModels", "FeedViewModels", "SQLCore", "SQLiteCore",
        "PostgresCore", "StackLayout", "StackRender", "StackfeedTestSupport", "PromoPlugin", "JSONCore",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "StackfeedCLITests",
      dependencies: [
        "StackfeedCLI", "stackfeed", "stackfeed-promo", "PromoPlugin", "FeedPlugins", "FeedOptions", "FeedStore",
        "SQLCore", "SQLiteCore", "StackLayout", "CardStack", "StackRender", "StackfeedTestSupport",
      ],
      // Databases made by earlier builds (OldDatabaseTests).
      exclude: ["Fixtures"]),
    // The HTTP API in process: request values in, response values out, on real temporary databases.
    .testTarget(
      name: "FeedServerTests",
      dependencies: [
        "FeedServer", "FeedPlugins", "BuiltInPlugins", "FeedStore", "HTTPServer", "GzipCore", "JSONCore",
        "PostgresCore", "CivilTime", "StackfeedTestSupport", "PromoPlugin", "ImageCore", "SQLCore", "StackLayout",
      ]),
    // The HTTP server wrapper in process, over real sockets on 127.0.0.1.
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "StackfeedTestSupport"]),
    // `stackfeed serve` end to end: real processes, real sockets on 127.0.0.1.
    .testTarget(
      name: "ServeTests",
      dependencies: ["stackfeed", "stackfeed-promo", "GzipCore", "PostgresCore", "StackfeedTestSupport", "ImageCore"]),
    // The gzip wrapper: round trips, and answers without the library.
    .testTarget(name: "GzipCoreTests", dependencies: ["GzipCore", "StackfeedTestSupport"]),
    // The image wrapper: sniffing, headers and their limits, and libvips' answers (and its absence).
    .testTarget(
      name: "ImageCoreTests", dependencies: ["ImageCore", "Hashing", "StackfeedTestSupport"], exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
