import Dispatch
import Foundation
import Testing

@testable import WalletCore

struct BothAtOnceTests {
  @Test("both parts run and their results come back in order")
  func bothRun() {
    for _ in 0..<200 {
      let (sum, text) = bothAtOnce(
        { (1...1_000).reduce(0, +) }, { String(repeating: "a", count: 3) })
      #expect(sum == 500_500)
      #expect(text == "aaa")
    }
  }

  /// Whether the two iterations of a `concurrentPerform` ran at the same time: each waits
  /// (up to ten seconds, as other tests may keep the cores busy) for the other to have started.
  static func iterationsMeet() -> Bool {
    let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let met = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 2)
    defer { met.deallocate() }
    let shared = UnsafeSendable(met)
    DispatchQueue.concurrentPerform(iterations: 2) { iteration in
      started[iteration].signal()
      shared.value[iteration] = started[1 - iteration].wait(timeout: .now() + 10) == .success
    }
    return met[0] && met[1]
  }

  @Test("a parallel loop inside the first part still runs on both cores")
  func parallelWorkInsideRunsInParallel() throws {
    try #require(
      ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two cores to show anything")
    #expect(Self.iterationsMeet())
    let (inside, _) = bothAtOnce({ Self.iterationsMeet() }, { 0 })
    #expect(inside)
  }

  @Test("calls from the threads of a parallel loop all finish")
  func callsFromEveryThreadFinish() {
    let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8)
    defer { results.deallocate() }
    let shared = UnsafeSendable(results)
    DispatchQueue.concurrentPerform(iterations: 8) { iteration in
      let (left, right) = bothAtOnce(
        { bothAtOnce({ iteration }, { 1 }) }, { bothAtOnce({ 2 }, { 3 }) })
      shared.value[iteration] = left.0 + left.1 + right.0 + right.1
    }
    #expect(Array(results) == (0..<8).map { $0 + 6 })
  }
}
