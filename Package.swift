// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "wallet",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "wallet", targets: ["wallet"]),
    .library(name: "WalletCore", targets: ["WalletCore"]),
    // libFuzzer harnesses: .ci/fuzz builds each alone with -sanitize=fuzzer,address.
    .executable(name: "FuzzCSV", targets: ["FuzzCSV"]),
    .executable(name: "FuzzCSVScanner", targets: ["FuzzCSVScanner"]),
    .executable(name: "FuzzMoney", targets: ["FuzzMoney"]),
    .executable(name: "FuzzTime", targets: ["FuzzTime"]),
    .executable(name: "FuzzPromotion", targets: ["FuzzPromotion"]),
    .executable(name: "FuzzStatement", targets: ["FuzzStatement"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // Data files compiled into the targets that need them (the built-in promotion and statement
    // formats, the demo's sample data), generated at build time from data/, their one source.
    .executableTarget(name: "EmbedDataTool"),
    .plugin(name: "EmbedData", capability: .buildTool(), dependencies: ["EmbedDataTool"]),
    .target(name: "WalletCore", plugins: ["EmbedData"]),
    .target(name: "WalletStore", dependencies: ["WalletCore", "CSQLite"]),
    .target(
      name: "WalletIngest", dependencies: ["WalletCore"],
      // Statement files in GBK are converted with iconv, which macOS keeps in its own library.
      linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS]))],
      plugins: ["EmbedData"]),
    // Promotions compiled to SQL (`wallet sql`): pure text from WalletCore's rules, so it needs
    // neither files nor SQLite, and its tests run the query on engines the package does not link.
    .target(name: "WalletSQL", dependencies: ["WalletCore"]),
    // The jobs that read files and then decide or store (batch, imports, pay, the demo's
    // script): the one place where Ingest and Store meet, below the commands that render them.
    .target(name: "WalletJobs", dependencies: ["WalletCore", "WalletStore", "WalletIngest"]),
    .target(
      name: "WalletCLI",
      dependencies: ["WalletCore", "WalletIngest", "WalletStore", "WalletSQL", "WalletJobs"],
      plugins: ["EmbedData"]),
    .executableTarget(name: "wallet", dependencies: ["WalletCLI"]),
    .target(name: "CFuzzing"),
    .executableTarget(
      name: "FuzzCSV", dependencies: ["CFuzzing", "WalletCore", "WalletIngest"],
      plugins: ["EmbedData"]),
    .executableTarget(name: "FuzzCSVScanner", dependencies: ["CFuzzing", "WalletIngest"]),
    .executableTarget(name: "FuzzMoney", dependencies: ["CFuzzing", "WalletCore"]),
    .executableTarget(name: "FuzzTime", dependencies: ["CFuzzing", "WalletCore"]),
    .executableTarget(name: "FuzzPromotion", dependencies: ["CFuzzing", "WalletCore"]),
    .executableTarget(
      name: "FuzzStatement", dependencies: ["CFuzzing", "WalletCore", "WalletIngest"]),
    // What the test targets share: the seeded random generator, temporary folders, and
    // running the built binary. A library of its own, so that no test target copies it.
    .target(
      name: "WalletTestSupport", dependencies: ["WalletCore"], path: "Tests/WalletTestSupport"),
    .testTarget(name: "WalletCoreTests", dependencies: ["WalletCore", "WalletTestSupport"]),
    .testTarget(name: "WalletStoreTests", dependencies: ["WalletStore", "WalletTestSupport"]),
    .testTarget(name: "WalletIngestTests", dependencies: ["WalletIngest", "WalletTestSupport"]),
    .testTarget(
      name: "WalletSQLTests",
      dependencies: [
        "WalletSQL", "WalletCore", "WalletIngest", "WalletStore", "WalletJobs", "WalletTestSupport",
      ]),
    .testTarget(
      name: "WalletJobsTests",
      dependencies: [
        "WalletJobs", "WalletCore", "WalletIngest", "WalletStore", "WalletTestSupport",
      ]),
    // Commands run inside the test process (`CommandHarness`), the store sessions built on it
    // and the stores and files many tests start from: shared by the CLI's tests (the commands'
    // own, in Tests/WalletCLITests/Commands) and the end-to-end tests.
    .target(
      name: "WalletCommandTesting", dependencies: ["WalletCLI", "WalletTestSupport"],
      path: "Tests/WalletCommandTesting"),
    .testTarget(
      name: "WalletCLITests",
      dependencies: [
        "WalletCLI", "WalletIngest", "WalletStore", "WalletJobs", "wallet", "WalletTestSupport",
        "WalletCommandTesting",
      ]),
    // The binary run as a user runs it; `swift test --skip WalletEndToEndTests` leaves them out.
    .testTarget(
      name: "WalletEndToEndTests",
      dependencies: [
        "WalletCLI", "WalletIngest", "WalletStore", "wallet", "WalletTestSupport",
        "WalletCommandTesting",
      ]),
  ]
)
