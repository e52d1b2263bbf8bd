import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Issue 27, items 8 and 10a, through the binary: a command interrupted by SIGINT or SIGTERM
/// exits 128 plus the signal with one line saying what was kept and leaves no file of its own;
/// a run killed outright leaves files the next run removes (a live run's are kept); an input
/// changed while batch reads it stops the run (65) with the previous outputs in place.
///
/// A run is held at a known point by reading its transactions from a named pipe that the test
/// holds open and writes only part of: it has opened every input (and, in parts, made its work
/// directory and output files) and waits for more rows.
@Suite(.tags(.endToEnd))
struct InterruptionTests {
  /// A `wallet` process started and left running, with every signal unblocked and at its
  /// default action, as a shell starts it (this test process blocks some in its threads, and a
  /// child inherits that).
  final class Running {
    let pid: pid_t
    let errors: String
    private var status: Int32?

    init(_ arguments: [String], in folder: TemporaryFolder, environment: [String: String] = [:])
      throws
    {
      let executable = try #require(WalletProcess.executable, "build the wallet product first")
      errors = ScratchSpace.path("wallet-stderr").path
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var none = sigset_t()
      sigemptyset(&none)
      posix_spawnattr_setsigmask(&attributes, &none)
      var defaults = sigset_t()
      sigemptyset(&defaults)
      for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setflags(
        &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      // Paths are absolute: the process runs in the test's own folder.
      let words =
        [executable.path]
        + arguments.map { argument in
          argument.hasSuffix(".csv") && !argument.hasPrefix("/") ? folder.path(argument) : argument
        }
      let variables = environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine }
        .map { "\($0)=\($1)" }
      var argv = words.map { strdup($0) } + [nil]
      var envp = variables.map { strdup($0) } + [nil]
      defer {
        for pointer in argv + envp { free(pointer) }
      }
      var pid: pid_t = 0
      // The child inherits the working folder: start it while no test has moved it.
      let spawned = WorkingFolder.shared {
        posix_spawn(&pid, executable.path, &actions, &attributes, &argv, &envp)
      }
      try #require(spawned == 0, "cannot start wallet: \(spawned)")
      self.pid = pid
    }

    deinit {
      if status == nil {
        kill(pid, SIGKILL)
        var ignored: Int32 = 0
        waitpid(pid, &ignored, 0)
      }
      unlink(errors)
    }

    /// Whether the process has `path` open.
    func hasOpen(_ path: String) -> Bool {
      let folder = "/proc/\(pid)/fd"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return names.contains {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
      }
    }

    /// Sends `signal` and waits for the process to end: its exit status (128 plus the signal
    /// when it ended by the signal itself, as a shell says) and standard error.
    func stop(_ signal: Int32) -> (status: Int32, stderr: String) {
      kill(pid, signal)
      return finish()
    }

    /// Waits (up to a minute, then kills it and says so) for the process to end.
    func finish() -> (status: Int32, stderr: String) {
      var raw: Int32 = 0
      let deadline = Date().addingTimeInterval(60)
      while waitpid(pid, &raw, WNOHANG) == 0 {
        if Date() > deadline {
          Issue.record("wallet did not end within a minute")
          kill(pid, SIGKILL)
          waitpid(pid, &raw, 0)
          break
        }
        usleep(5_000)
      }
      // WIFSIGNALED and WEXITSTATUS, which Swift does not import.
      let signalled = raw & 0x7F
      let status = signalled != 0 ? 128 + signalled : (raw >> 8) & 0xFF
      self.status = status
      let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      return (status, stderr)
    }
  }

  /// A named pipe in `folder`, held open for reading and writing so that a reader's open
  /// returns at once and its reads wait: the file handle writes to it.
  static func pipe(_ name: String, in folder: TemporaryFolder) throws -> FileHandle {
    let path = folder.path(name)
    try #require(mkfifo(path, 0o600) == 0)
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    try #require(descriptor >= 0)
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Waits (up to 60 seconds) until `condition` holds.
  static func wait(for what: String, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(60)
    while !condition() {
      try #require(Date() < deadline, "timed out waiting for \(what)")
      usleep(10_000)
    }
  }

  /// The sample's transactions file: its header and first rows, the rest.
  static func transactionsInTwo() throws -> (start: String, rest: String) {
    let text = try String(
      contentsOfFile: WalletProcess.sample("transactions.csv"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (
      lines[..<4].joined(separator: "\n") + "\n", lines[4...].joined(separator: "\n")
    )
  }

  /// `wallet batch` on the sample's cards and enrollments (copies in `folder`) and the
  /// transactions in `transactions`, writing r.csv and d.csv in `folder`.
  static func batchArguments(_ transactions: String, lang: String? = nil) -> [String] {
    ["batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv"]
      + ["--transactions", transactions, "--out", "r.csv", "--decisions", "d.csv"]
      + (lang.map { ["--lang", $0] } ?? [])
  }

  /// A folder with copies of the sample's cards and enrollments and previous outputs.
  static func batchFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in ["cards.csv", "enrollments.csv"] {
      try FileManager.default.copyItem(
        atPath: WalletProcess.sample(name), toPath: folder.path(name))
    }
    try folder.write("r.csv", "previous rewards\n")
    try folder.write("d.csv", "previous decisions\n")
    return folder
  }

  static let inParts = ["WALLET_BATCH_PARTITIONS": "2"]

  /// The names in `folder` a run leaves behind it: work directories and temporary files.
  static func leftovers(_ folder: TemporaryFolder) -> [String] {
    folder.fileNames.filter { $0.hasPrefix(".wallet-batch-") || $0.contains(".tmp-") }
  }

  // MARK: Signals

  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
  func anInterruptedBatchInPartsExitsBySignalAndWritesNothing(signal: Int32, name: String)
    throws
  {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    pipe.write(Data(try Self.transactionsInTwo().start.utf8))
    let run = try Running(Self.batchArguments("t.csv"), in: folder, environment: Self.inParts)
    // The work directory and both output files are made before the transactions are read.
    try Self.wait(for: "the work directory") {
      Self.leftovers(folder).count == 3 && run.hasOpen(folder.path("t.csv"))
    }
    let (status, stderr) = run.stop(signal)
    #expect(status == 128 + signal)
    #expect(stderr == "interrupted by \(name): nothing was written\n")
    #expect(Self.leftovers(folder) == [])
    #expect(folder.read("r.csv") == "previous rewards\n")
    #expect(folder.read("d.csv") == "previous decisions\n")
  }

  @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
  func anInterruptedBatchInMemoryExitsBySignalAndWritesNothing(signal: Int32, name: String)
    throws
  {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    pipe.write(Data(try Self.transactionsInTwo().start.utf8))
    let run = try Running(Self.batchArguments("t.csv"), in: folder)
    try Self.wait(for: "the transactions to be read") { run.hasOpen(folder.path("t.csv")) }
    let (status, stderr) = run.stop(signal)
    #expect(status == 128 + signal)
    #expect(stderr == "interrupted by \(name): nothing was written\n")
    #expect(Self.leftovers(folder) == [])
    #expect(folder.read("r.csv") == "previous rewards\n")
  }

  @Test func theLineIsInChinese() throws {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    pipe.write(Data(try Self.transactionsInTwo().start.utf8))
    let run = try Running(
      Self.batchArguments("t.csv", lang: "zh-Hans"), in: folder, environment: Self.inParts)
    try Self.wait(for: "the work directory") { Self.leftovers(folder).count == 3 }
    let (status, stderr) = run.stop(SIGTERM)
    #expect(status == 143)
    #expect(stderr == "已被 SIGTERM 中断：没有写入任何文件\n")
  }

  @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
  func anInterruptedImportSaysTheStoreIsUnchanged(signal: Int32, name: String) throws {
    let session = try StoreSession()
    try session.importSample()
    let before = try session.succeed(["export", "transactions"]).stdout
    let pipe = try Self.pipe("t.csv", in: session.folder)
    let (start, _) = try Self.transactionsInTwo()
    // Rows of its own, so that the import would add them.
    pipe.write(Data(start.replacingOccurrences(of: "\nT", with: "\nNEW-T").utf8))
    let run = try Running(
      ["import", "transactions", "t.csv", "--db", session.database], in: session.folder,
      environment: ["WALLET_NOW": StoreSession.now])
    try Self.wait(for: "the file to be read") {
      run.hasOpen(session.folder.path("t.csv")) && run.hasOpen(session.database)
    }
    let (status, stderr) = run.stop(signal)
    #expect(status == 128 + signal)
    #expect(stderr == "interrupted by \(name): the store is unchanged\n")
    #expect(try session.succeed(["export", "transactions"]).stdout == before)
    let chinese = try Running(
      ["import", "transactions", "t.csv", "--db", session.database, "--lang", "zh-Hans"],
      in: session.folder, environment: ["WALLET_NOW": StoreSession.now])
    try Self.wait(for: "the file to be read") {
      chinese.hasOpen(session.folder.path("t.csv")) && chinese.hasOpen(session.database)
    }
    #expect(chinese.stop(signal) == (128 + signal, "已被 \(name) 中断：钱包数据库没有任何改动\n"))
  }

  // MARK: What a run killed outright leaves

  @Test func theNextRunRemovesWhatAKilledBatchLeft() throws {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    pipe.write(Data(try Self.transactionsInTwo().start.utf8))
    let killed = try Running(
      Self.batchArguments("t.csv"), in: folder, environment: Self.inParts)
    try Self.wait(for: "the work directory") { Self.leftovers(folder).count == 3 }
    #expect(killed.stop(SIGKILL).status == 128 + SIGKILL)
    let left = Self.leftovers(folder)
    #expect(left.count == 3)
    // In memory and in parts: each removes them where it makes its own.
    for environment in [[:], Self.inParts] {
      let next = try WalletProcess.run(
        Self.batchArguments(WalletProcess.sample("transactions.csv")) + ["--quiet"],
        environment: environment, directory: folder.url)
      #expect(next.status == 0, "\(next.stderr)")
      #expect(Self.leftovers(folder) == [])
      #expect(folder.read("r.csv")?.hasPrefix("holder,") == true)
    }
    _ = pipe
  }

  @Test func aLiveRunsFilesAreKeptAndItsOwnInterruptRemovesThem() throws {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    pipe.write(Data(try Self.transactionsInTwo().start.utf8))
    let live = try Running(Self.batchArguments("t.csv"), in: folder, environment: Self.inParts)
    try Self.wait(for: "the work directory") { Self.leftovers(folder).count == 3 }
    let its = Self.leftovers(folder)
    for environment in [[:], Self.inParts] {
      let other = try WalletProcess.run(
        Self.batchArguments(WalletProcess.sample("transactions.csv")) + ["--quiet"],
        environment: environment, directory: folder.url)
      #expect(other.status == 0, "\(other.stderr)")
      #expect(Self.leftovers(folder) == its)
    }
    #expect(live.stop(SIGTERM).status == 143)
    #expect(Self.leftovers(folder) == [])
  }

  /// A process that has ended, and when it had started (`/proc/PID/stat`'s 22nd field).
  static func deadProcess() throws -> (pid: Int32, start: String) {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["60"]
    try child.runRetryingStart()
    let start = try startTime(child.processIdentifier)
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    return (child.processIdentifier, start)
  }

  static func startTime(_ pid: Int32) throws -> String {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
    return String(fields[22 - 3])
  }

  @Test func onlyTheLeftoversOfRunsNoLongerAliveAreRemoved() throws {
    let folder = try Self.batchFolder()
    let dead = try Self.deadProcess()
    let me = getpid()
    let myStart = try Self.startTime(me)
    let deadFiles = [
      ".r.csv.tmp-\(dead.pid).\(dead.start)-abcDEF",
      ".other.csv.tmp-\(dead.pid).\(dead.start)-123456",
      // A process of that id lives, but it is another one: the id was reused.
      ".d.csv.tmp-\(me).\(myStart)1-zzzzzz",
    ]
    let kept = [
      // The test's own process, alive.
      ".r.csv.tmp-\(me).\(myStart)-livelv",
      // Named before names said their owner: whose it is cannot be told.
      ".r.csv.tmp-AAAAAA", ".wallet-batch-AAAAAA",
      // Not of the form.
      ".r.csv.tmp-\(dead.pid).\(dead.start)-toolong", "r.csv.tmp-\(dead.pid).\(dead.start)-abcdef",
    ]
    for name in deadFiles + kept where !name.hasPrefix(".wallet-batch") {
      try folder.write(name, "left\n")
    }
    let deadFolder = ".wallet-batch-\(dead.pid).\(dead.start)-Qw3rTy"
    for name in [deadFolder, ".wallet-batch-AAAAAA"] {
      try FileManager.default.createDirectory(
        atPath: folder.path(name), withIntermediateDirectories: false)
      try folder.write("\(name)/p0.0", String(repeating: "x", count: 4096))
    }
    let run = try WalletProcess.run(
      Self.batchArguments(WalletProcess.sample("transactions.csv")) + ["--quiet"],
      directory: folder.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      folder.fileNames
        == (kept + ["cards.csv", "enrollments.csv", "r.csv", "d.csv"]).sorted())
    #expect(folder.read(".r.csv.tmp-\(me).\(myStart)-livelv") == "left\n")
  }

  // MARK: An input changed while it is read

  @Test(arguments: [false, true])
  func anInputChangedWhileBatchReadsItStopsTheRun(parts: Bool) throws {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    let (start, rest) = try Self.transactionsInTwo()
    pipe.write(Data(start.utf8))
    let run = try Running(
      Self.batchArguments("t.csv"), in: folder, environment: parts ? Self.inParts : [:])
    // Every input is open; in parts, the cards and enrollments are read too.
    try Self.wait(for: "the inputs to be open") {
      run.hasOpen(folder.path("t.csv")) && (!parts || Self.leftovers(folder).count == 3)
    }
    if parts {
      // Truncated to half of its rows.
      let enrollments = try #require(folder.read("enrollments.csv"))
      try folder.write("enrollments.csv", String(enrollments.prefix(enrollments.count / 2)))
    } else {
      // A row added: the file read may be the old one, the new one or half of each.
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("cards.csv")))
      try handle.seekToEnd()
      handle.write(Data("C-NEW,H-NEW,visa,credit,primary,,1234\n".utf8))
      try handle.close()
    }
    pipe.write(Data(rest.utf8))
    try pipe.close()
    let (status, stderr) = run.finish()
    let changed = parts ? "enrollments.csv" : "cards.csv"
    #expect(status == 65)
    #expect(
      stderr.contains(
        "Error: \(folder.path(changed)): the file changed while it was being read; "
          + "nothing was written"),
      "\(stderr)")
    #expect(folder.read("r.csv") == "previous rewards\n")
    #expect(folder.read("d.csv") == "previous decisions\n")
    #expect(Self.leftovers(folder) == [])
  }

  @Test func aFileChangedInPlaceIsNamedInChinese() throws {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    let (start, rest) = try Self.transactionsInTwo()
    pipe.write(Data(start.utf8))
    let run = try Running(Self.batchArguments("t.csv", lang: "zh-Hans"), in: folder)
    try Self.wait(for: "the inputs to be open") { run.hasOpen(folder.path("t.csv")) }
    // The same bytes written again: only the modification time says so.
    let cards = try #require(folder.read("cards.csv"))
    usleep(20_000)
    try folder.write("cards.csv", cards)
    pipe.write(Data(rest.utf8))
    try pipe.close()
    let (status, stderr) = run.finish()
    #expect(status == 65)
    #expect(stderr.contains("\(folder.path("cards.csv"))：读取期间文件发生了变化；没有写入任何文件"), "\(stderr)")
    #expect(folder.read("r.csv") == "previous rewards\n")
  }

  @Test func anUnchangedInputFromAPipeIsDecided() throws {
    let folder = try Self.batchFolder()
    let pipe = try Self.pipe("t.csv", in: folder)
    let (start, rest) = try Self.transactionsInTwo()
    let run = try Running(Self.batchArguments("t.csv") + ["--quiet"], in: folder)
    try Self.wait(for: "the inputs to be open") { run.hasOpen(folder.path("t.csv")) }
    pipe.write(Data((start + rest).utf8))
    try pipe.close()
    let expected = try String(
      contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)
    let (status, stderr) = run.finish()
    #expect(status == 0, "\(stderr)")
    #expect(folder.read("r.csv") == expected)
  }
}
