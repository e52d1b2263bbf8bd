import Foundation
import Synchronization
import WalletCore
import WalletIngest

/// SIGINT and SIGTERM while a command writes: the command removes what it has made and not yet
/// put in place (`Leftovers`: output files being written, a batch's work directory), says in one
/// line on standard error what was kept, and exits with 128 plus the signal's number (130,
/// 143), as a shell reports a process ended by the signal.
///
/// The signal is met on a thread of its own (the handler only wakes it through a pipe), which
/// first closes the `CommitGate`: a step making work visible (renaming outputs into place, a
/// store's `COMMIT`) is finished first or never begun, so the line is true. From then on the
/// command's own threads stop where they would print or exit (`waitIfInterrupted`), so that an
/// error met because its files were removed is not reported as one.
enum Interruption {
  /// What an interrupted command keeps.
  enum Kept: Sendable {
    /// Output files, which appear whole or not at all; some may go to standard output.
    case outputFiles(toStandardOutput: Bool)
    /// The store, which a command changes in one transaction.
    case store
  }

  private struct State: Sendable {
    var enabled = false
    var installed = false
    var kept: Kept?
    /// The `CommitGate` steps done when the command began to catch signals.
    var stepsBefore = 0
    var console: Console?
  }

  private static let state = Mutex(State())
  /// The pipe's writing end, which the signal handler writes the signal's number to.
  private nonisolated(unsafe) static var wakeDescriptor: Int32 = -1
  /// The thread that meets the signal.
  private nonisolated(unsafe) static var handlerThread: pthread_t?

  /// Lets commands catch signals: for the program's entry point only, since tests run commands
  /// inside their own process, whose signals are its own.
  static func enableForTheWholeProcess() {
    state.withLock { $0.enabled = true }
  }

  /// From now until the process exits, SIGINT and SIGTERM end the command as this type says,
  /// telling what `kept` says on `console`. A signal the process ignores (as under `nohup`)
  /// stays ignored; one it was started with blocked is unblocked. Does nothing unless enabled (`enableForTheWholeProcess`).
  static func catchSignals(_ kept: Kept, console: Console) {
    let install = state.withLock { state -> Bool in
      guard state.enabled else { return false }
      state.kept = kept
      state.stepsBefore = CommitGate.stepsDone
      state.console = console
      defer { state.installed = true }
      return !state.installed
    }
    if install { installHandlers() }
  }

  private static func installHandlers() {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    wakeDescriptor = ends[1]
    let reading = ends[0]
    let thread = Thread {
      handlerThread = pthread_self()
      var number: UInt8 = 0
      while true {
        let count = read(reading, &number, 1)
        if count == 1 { interrupted(by: Int32(number)) }
        if count == 0 || (count < 0 && errno != EINTR) { return }
      }
    }
    thread.start()
    var caught = sigset_t()
    sigemptyset(&caught)
    for signalNumber in [SIGINT, SIGTERM] {
      var previous = sigaction()
      sigaction(signalNumber, nil, &previous)
      if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(Interruption.wakeDescriptor, &byte, 1)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signalNumber, &action, nil)
      sigaddset(&caught, signalNumber)
    }
    // A process may start with signals blocked (its parent's mask is inherited): the ones
    // caught here are let through, or they would wait unseen while the command runs on.
    pthread_sigmask(SIG_UNBLOCK, &caught, nil)
  }

  /// Ends the process, as a signal asks.
  private static func interrupted(by signalNumber: Int32) -> Never {
    let stepsDone = CommitGate.close()
    Leftovers.removeAll()
    let (kept, stepsBefore, console) = state.withLock { ($0.kept, $0.stepsBefore, $0.console) }
    let name = signalNumber == SIGINT ? "SIGINT" : "SIGTERM"
    let done = stepsDone > stepsBefore
    let line: String
    switch kept {
    case .outputFiles(let toStandardOutput):
      line =
        done
        ? tr("interrupted by \(name): the output files were already written whole")
        : toStandardOutput
          ? tr("interrupted by \(name): no output file was written")
          : tr("interrupted by \(name): nothing was written")
    case .store:
      line =
        done
        ? tr("interrupted by \(name): the store was already updated")
        : tr("interrupted by \(name): the store is unchanged")
    case nil:
      line = tr("interrupted by \(name): nothing was written")
    }
    (console ?? .standard).message(line)
    _exit(128 + signalNumber)
  }

  /// Waits for the process to end when an interrupt is ending it, so that the calling thread
  /// neither reports an error nor exits first; returns at once otherwise.
  static func waitIfInterrupted() {
    guard CommitGate.isClosed else { return }
    if let handlerThread, pthread_equal(handlerThread, pthread_self()) != 0 { return }
    CommitGate.waitForever()
  }
}
