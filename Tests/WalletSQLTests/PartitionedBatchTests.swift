import Foundation
import Testing
import WalletCore
import WalletIngest
import WalletJobs
import WalletTestSupport

/// `wallet batch` past its memory limit (`PartitionedBatch`) against the batch job run in
/// memory, on the random scenarios the SQL comparison uses: the same rewards and decisions files,
/// byte for byte, in any number of parts, with quotas that bind at every place.
struct PartitionedBatchTests {
  /// The bytes of both outputs, and the summary's totals.
  struct Written: Equatable {
    var rewards: [UInt8]
    var decisions: [UInt8]
    var transactions: Int
    var rewardCount: Int
    var skipped: [String]
  }

  /// What the batch job writes in memory.
  static func inMemory(_ files: ScenarioFiles, promotion: Promotion, skipInvalid: Bool = false)
    throws -> Written
  {
    let folder = files.folder.url.path
    var request = BatchRequest(
      cards: files.cards, enrollments: files.enrollments, transactions: files.transactions,
      rewards: folder + "/memory-rewards.csv")
    request.decisions = folder + "/memory-decisions.csv"
    request.skipInvalid = skipInvalid
    request.memoryLimit = Int.max
    var skipped: [String] = []
    let events = BatchEvents(
      standardOutput: { preconditionFailure("no output goes to standard output") },
      progress: { _, _ in nil },
      inputsRead: { _, rows in skipped = rows.errors.map { String(reflecting: $0) } },
      postingsRead: { _ in })
    let plan = try BatchJob.plan(request)
    #expect(plan == BatchPlan())
    let report = try BatchJob.run(
      request, plan: plan, resolvePromotion: { promotion },
      asOf: { _ in preconditionFailure("no postings to reconcile") }, events: events)
    let totals = try #require(report.totals)
    return Written(
      rewards: try Array(Data(contentsOf: URL(fileURLWithPath: request.rewards))),
      decisions: try Array(Data(contentsOf: URL(fileURLWithPath: request.decisions!))),
      transactions: totals.transactions, rewardCount: totals.rewards, skipped: skipped)
  }

  static func inParts(
    _ files: ScenarioFiles, promotion: Promotion, parts: Int, skipInvalid: Bool = false,
    inPieces: Bool = false, readInPieces: Bool? = nil, loadsAhead: Bool = false
  ) throws -> Written {
    var rewards: [UInt8] = []
    var decisions: [UInt8] = []
    let rewardsWriter = CSVWriter(chunkSize: 512) { rewards.append(contentsOf: $0) }
    let decisionsWriter = CSVWriter(chunkSize: 512) { decisions.append(contentsOf: $0) }
    var batch = PartitionedBatch(
      promotion: promotion, partitions: parts, workParent: files.folder.url.path,
      skipInvalid: skipInvalid)
    // Any file is large enough to be read in pieces at once, in batches of plain rows.
    if inPieces { batch.smallestFileInPieces = 1 }
    batch.loadsAhead = loadsAhead
    var skippedBefore: [String] = []
    let totals = try batch.run(
      cards: files.cards, enrollments: files.enrollments, transactions: files.transactions,
      rewards: rewardsWriter, decisions: decisionsWriter,
      readDone: { skippedBefore = $0.errors.map { String(reflecting: $0) } },
      progress: { _, _ in nil })
    try rewardsWriter.flush()
    try decisionsWriter.flush()
    #expect(skippedBefore == totals.skipped.errors.map { String(reflecting: $0) })
    // The pieces' row loop falls back to reading row by row, which writes the same bytes: that
    // it did not is seen only here.
    if let readInPieces { #expect(totals.readInPieces == readInPieces) }
    return Written(
      rewards: rewards, decisions: decisions, transactions: totals.transactions,
      rewardCount: totals.paid.values.reduce(0) { $0 + $1.rewards },
      skipped: totals.skipped.errors.map { String(reflecting: $0) })
  }

  /// Whether the work directory is gone from `files`' folder.
  static func noWorkLeft(_ files: ScenarioFiles) throws -> Bool {
    try !FileManager.default.contentsOfDirectory(atPath: files.folder.url.path)
      .contains { $0.hasPrefix(".wallet-batch-") }
  }

  /// Every zone and both refund policies; the quota is set from the rewards a run without one
  /// pays, so that it runs out part way (or at once, or never). A seed picks both its zone and
  /// its policy, so four seeds give each zone a scenario (twenty-four give six each, under
  /// `WALLET_TEST_FULL=1`).
  static let cases: [(UInt64, String, RefundPolicy)] = (1...TestSize.choose(quick: 4, full: 24))
    .map { seed in
      (
        seed, SQLScenario.zones[Int(seed) % SQLScenario.zones.count],
        seed % 2 == 0 ? .net : .clawback
      )
    }

  @Test(arguments: cases)
  func partsWriteWhatMemoryWrites(seed: UInt64, zone: String, refunds: RefundPolicy) throws {
    let scenario = SQLScenario(seed: seed, transactions: 240, zone: zone, refunds: refunds)
    let files = try ScenarioFiles(scenario)
    var promotion = scenario.promotion
    promotion.quota = nil
    let unlimited = try Self.inMemory(files, promotion: promotion).rewardCount
    // None, none at all, the last place, and some way through; under `WALLET_TEST_FULL=1` also
    // the scenario's own and another place on the way, and more ways to split.
    let quotas =
      [nil, 0, unlimited, unlimited / 2]
      + TestSize.choose(quick: [], full: [scenario.promotion.quota, unlimited / 3 + 1])
    // Parts read while the one before is decided (`loadsAhead`) as well as one after another.
    let splits =
      [(1, false, false), (3, false, false), (2, true, false), (7, true, false), (3, false, true)]
      + [(7, true, true)]
      + TestSize.choose(quick: [], full: [(2, false, false), (7, false, false), (2, true, true)])
    for quota in quotas {
      promotion.quota = quota
      let expected = try Self.inMemory(files, promotion: promotion)
      for (parts, inPieces, loadsAhead) in splits {
        let got = try Self.inParts(
          files, promotion: promotion, parts: parts, inPieces: inPieces, readInPieces: inPieces,
          loadsAhead: loadsAhead)
        let how = (inPieces ? "in pieces" : "row by row") + (loadsAhead ? ", read ahead" : "")
        #expect(
          got == expected,
          "seed \(seed), quota \(quota.map(String.init) ?? "none"), \(parts) parts, \(how)")
      }
    }
    #expect(try Self.noWorkLeft(files))
  }

  /// The issue's own check, through the binary as a user runs it: `--memory 1K` (which no
  /// file fits) writes the bytes the in-memory run writes, on property scenarios with quotas
  /// that run out part way, at once and never, read row by row and (`WALLET_SPLIT_BYTES`) in
  /// pieces.
  /// Each run starts the binary and writes a work file per partition, so two seeds (one per
  /// refund policy) by default; six under `WALLET_TEST_FULL=1`.
  @Test(arguments: TestSize.choose(quick: [UInt64(41), 42], full: [41, 42, 43, 44, 45, 46]))
  func aTinyMemoryLimitWritesWhatMemoryWrites(seed: UInt64) throws {
    let zone = SQLScenario.zones[Int(seed) % SQLScenario.zones.count]
    let scenario = SQLScenario(
      seed: seed, transactions: 400, zone: zone, refunds: seed % 2 == 0 ? .net : .clawback)
    let files = try ScenarioFiles(scenario)
    var promotion = scenario.promotion
    promotion.quota = nil
    let unlimited = try Self.inMemory(files, promotion: promotion).rewardCount
    for quota in [unlimited / 2, 0, unlimited + 1] {
      promotion.quota = quota
      let promotionFile = try files.folder.write("promotion.json", promotion.jsonText)
      func run(_ extra: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, rewards: String?, decisions: String?)
      {
        let result = try WalletProcess.run(
          [
            "batch", "--cards", files.cards, "--enrollments", files.enrollments,
            "--transactions", files.transactions, "--promotion", promotionFile, "--out",
            "rewards.csv", "--decisions", "decisions.csv", "--quiet",
          ] + extra, environment: environment, directory: files.folder.url)
        return (
          result.status, files.folder.read("rewards.csv"), files.folder.read("decisions.csv")
        )
      }
      let inMemory = try run([])
      #expect(inMemory.status == 0)
      #expect(inMemory.rewards != nil && inMemory.decisions != nil)
      for environment in [[:], ["WALLET_SPLIT_BYTES": "1"]] {
        let inParts = try run(["--memory", "1K"], environment: environment)
        #expect(
          inParts.status == inMemory.status && inParts.rewards == inMemory.rewards
            && inParts.decisions == inMemory.decisions,
          "seed \(seed), quota \(quota), \(environment)")
      }
    }
    #expect(try Self.noWorkLeft(files))
  }

  /// Files large enough that each piece fills many batches of plain rows (`PendingRows`, 64
  /// rows), with rows of other kinds between them: 1,500 rows by default, 3,000 under
  /// `WALLET_TEST_FULL=1`.
  @Test(arguments: [(UInt64(31), RefundPolicy.net), (32, .clawback)])
  func largerFilesInPiecesWriteWhatMemoryWrites(seed: UInt64, refunds: RefundPolicy) throws {
    let scenario = SQLScenario(
      seed: seed, transactions: TestSize.choose(quick: 1_500, full: 3_000), zone: "Asia/Shanghai",
      refunds: refunds)
    let files = try ScenarioFiles(scenario)
    var promotion = scenario.promotion
    promotion.quota = nil
    let unlimited = try Self.inMemory(files, promotion: promotion).rewardCount
    for quota in [nil, unlimited / 2] {
      promotion.quota = quota
      let expected = try Self.inMemory(files, promotion: promotion)
      for parts in [1, 5] {
        let got = try Self.inParts(
          files, promotion: promotion, parts: parts, inPieces: true, readInPieces: true)
        #expect(got == expected, "quota \(quota.map(String.init) ?? "none"), \(parts) parts")
      }
    }
    #expect(try Self.noWorkLeft(files))
  }

  /// A scenario whose rows are all valid, with rows added to it.
  static func files(seed: UInt64, adding rows: [(at: Int, row: [String])]) throws -> ScenarioFiles {
    var scenario = SQLScenario(seed: seed, transactions: 120, zone: "Asia/Shanghai", refunds: .net)
    for (at, row) in rows.sorted(by: { $0.at > $1.at }) {
      scenario.transactions.rows.insert(row, at: at)
    }
    return try ScenarioFiles(scenario)
  }

  /// Repeated ids and bad rows: the same error, at the same line and column, or (when skipping)
  /// the same rows skipped, reported the same way, and the same outputs.
  @Test(arguments: [
    // A repeat alone; a repeat before a bad row (the repeat is reported); a bad row before a
    // repeat (the bad row is).
    [(30, 10, "repeat"), (90, 40, "repeat")],
    [(30, 10, "repeat"), (60, 0, "bad")],
    [(20, 0, "bad"), (60, 10, "repeat")],
    [(70, 65, "repeat"), (71, 65, "repeat"), (100, 0, "bad")],
  ])
  func invalidRowsAreFoundAsInMemory(rows: [(at: Int, of: Int, kind: String)]) throws {
    let base = SQLScenario(seed: 5, transactions: 120, zone: "Asia/Shanghai", refunds: .net)
    let added = rows.map { row -> (at: Int, row: [String]) in
      var copy = base.transactions.rows[row.of]
      if row.kind == "bad" { copy[3] = "12.345.6" }
      return (row.at, copy)
    }
    let files = try Self.files(seed: 5, adding: added)
    var promotion = base.promotion
    promotion.quota = 7
    func failure(_ body: () throws -> Written) -> String? {
      do {
        _ = try body()
        return nil
      } catch {
        return String(reflecting: error)
      }
    }
    let expected = failure { try Self.inMemory(files, promotion: promotion) }
    #expect(expected != nil)
    for (parts, inPieces) in [(1, false), (3, false), (3, true)] {
      #expect(
        failure { try Self.inParts(files, promotion: promotion, parts: parts, inPieces: inPieces) }
          == expected)
      let skipping = try Self.inParts(
        files, promotion: promotion, parts: parts, skipInvalid: true, inPieces: inPieces,
        readInPieces: false)
      #expect(skipping == (try Self.inMemory(files, promotion: promotion, skipInvalid: true)))
      #expect(!skipping.skipped.isEmpty)
    }
    #expect(try Self.noWorkLeft(files))
  }
}
