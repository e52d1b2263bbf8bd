import Testing
import WalletCore

@testable import WalletCLI

/// Amounts and dates typed as people type them (`¥150`, `150元`, `１５０`, `2026/11/30`,
/// `2026年11月30日`) read as the same value as the SPEC's spelling, in every kind of amount and
/// date option; the rest refused with the messages of before, in English and in Chinese.
struct TypedValueTests {
  /// One option of each type that reads an amount, a date or a time.
  struct Values: ParsableArguments {
    @Option(help: "") var amount: PositiveAmount?
    @Option(valueName: "date", help: "") var date: CivilDate?
    @Option(valueName: "time", help: "") var at: TimeArgument?
    @Option(valueName: "date", help: "") var from: DayOrMonth?
    @Option(valueName: "date", help: "") var cycle: CycleArgument?
  }

  /// The usage error's problem in English and in Chinese; nil when the value was accepted.
  private func refusal(_ argv: [String]) -> (english: String, chinese: String)? {
    do {
      _ = try Values.parse(argv)
      return nil
    } catch let error as UsageError {
      return (
        ErrorWording.words(error.problem, in: .english),
        ErrorWording.words(error.problem, in: .simplifiedChinese)
      )
    } catch {
      return ("not a usage error: \(error)", "")
    }
  }

  @Test(
    "amounts read as the SPEC's spelling",
    arguments: [
      ("¥150", "150"), ("￥150", "150"), ("¥ 150", "150"), (" ￥ 150 ", "150"), ("150元", "150"),
      ("150 元", "150"), ("１５０", "150"), ("１５０．００", "150.00"), ("¥１５０．５", "150.5"),
      ("99.99元", "99.99"), ("\t150\t", "150"),
    ])
  func amounts(typed: String, spec: String) throws {
    let read = try #require(try Values.parse(["--amount", typed]).amount)
    let plain = try #require(try Values.parse(["--amount", spec]).amount)
    #expect(read.money == plain.money)
    // A posting's made-up id repeats this text: the same as a file's `150` gives.
    #expect(read.text == spec.trimmingSpacesAndTabs)
  }

  @Test(
    "dates read as the SPEC's spelling",
    arguments: [
      ("2026/11/30", "2026-11-30"), ("2026年11月30日", "2026-11-30"), ("２０２６年１１月３０日", "2026-11-30"),
      ("2026/1/5", "2026-01-05"), ("2026年1月5日", "2026-01-05"), (" 2026/01/05 ", "2026-01-05"),
      ("２０２６-１１-３０", "2026-11-30"),
    ])
  func dates(typed: String, spec: String) throws {
    for option in ["--date", "--at", "--from", "--cycle"] {
      let read = try #require(Self.day(try Values.parse([option, typed])), "\(option)")
      #expect(read == Self.day(try Values.parse([option, spec])), "\(option)")
    }
  }

  /// The day an option named, whichever it was, and whether it was a whole month.
  struct Day: Equatable {
    let first: CivilDate
    let month: Bool
  }

  /// The day the one option given named.
  private static func day(_ values: Values) -> Day? {
    if let date = values.date { return Day(first: date, month: false) }
    if let date = values.at?.date { return Day(first: date, month: false) }
    if let from = values.from { return Day(first: from.first, month: from.isMonth) }
    if let cycle = values.cycle?.value { return Day(first: cycle.first, month: cycle.isMonth) }
    return nil
  }

  @Test(
    "times read as the SPEC's spelling",
    arguments: [
      ("2026/11/30 09:30", "2026-11-30 09:30"), ("2026年11月30日 09:30", "2026-11-30T09:30"),
      ("2026年11月30日 ０９:３０:１５+08:00", "2026-11-30T09:30:15+08:00"),
      ("2026/1/5 23:59", "2026-01-05 23:59"),
    ])
  func times(typed: String, spec: String) throws {
    let zone = try TimeZoneRules(identifier: "Asia/Shanghai")
    let read = try #require(try Values.parse(["--at", typed]).at)
    let plain = try #require(try Values.parse(["--at", spec]).at)
    #expect(read.date == nil)
    #expect(try read.instant(in: zone) == plain.instant(in: zone))
  }

  @Test(
    "months read as the SPEC's spelling",
    arguments: [("2026/11", "2026-11"), ("2026年11月", "2026-11"), ("２０２６年２月", "2026-02")])
  func months(typed: String, spec: String) throws {
    for option in ["--from", "--cycle"] {
      let read = try #require(Self.day(try Values.parse([option, typed])), "\(option)")
      #expect(read.month)
      #expect(read == Self.day(try Values.parse([option, spec])), "\(option)")
    }
    let month = try #require(try Values.parse(["--from", typed]).from)
    #expect(month.last == (try Values.parse(["--from", spec]).from?.last))
  }

  /// Today's message for a thousands separator, in both languages.
  @Test func aThousandsSeparatorIsRefusedAsBefore() throws {
    let today = try #require(refusal(["--amount", "1,500"]))
    #expect(
      today.english
        == "The value '1,500' is invalid for '--amount <amount>': write the amount without "
        + "thousands separators")
    #expect(today.chinese == "'--amount <amount>' 的取值 '1,500' 无效：金额中不要用千位分隔符")
    for typed in ["1，500", "¥1,500", "１，５００元", "1,500.00元", "￥ 1,500"] {
      let refused = try #require(refusal(["--amount", typed]), "\(typed)")
      let shown = ShownValue.quoted(typed)
      #expect(refused.english == today.english.replacingOccurrences(of: "'1,500'", with: shown))
      #expect(refused.chinese == today.chinese.replacingOccurrences(of: "'1,500'", with: shown))
    }
  }

  @Test(
    "other spellings are refused for their reason",
    arguments: [
      (["--amount", "¥150元"], "150abc"), (["--amount", "RMB150"], "150abc"),
      (["--amount", "150块"], "150abc"), (["--amount", "¥-5"], "-5"), (["--amount", "0元"], "0"),
      (["--amount", "１５０．００１"], "1.001"), (["--amount", "¥"], ""),
      (["--date", "2026/02/30"], "2026-02-30"), (["--date", "2026年11月30号"], "2026-11-3x"),
      (["--date", "2026-1-5"], "2026-11-3x"), (["--date", "2026年11月"], "2026-11-3x"),
      (["--at", "2026/11/30T09:30"], "later"), (["--at", "2026年11月30日09:30"], "later"),
      (["--at", "2026年13月1日"], "2026-13-01"), (["--at", "2026/11"], "later"),
      (["--from", "2026/13"], "2026-13"), (["--from", "2026年11月份"], "2026-1"),
      (["--cycle", "2026.11"], "2026-1"),
    ] as [([String], String)])
  func otherSpellings(argv: [String], refusedAs plain: String) throws {
    // The same reason as a spelling of the SPEC's forms that is wrong in the same way.
    let refused = try #require(refusal(argv), "\(argv)")
    let expected = try #require(refusal([argv[0], plain]), "\(plain)")
    let (typed, shownPlain) = (ShownValue.quoted(argv[1]), ShownValue.quoted(plain))
    let swap = { (text: String) in text.replacingOccurrences(of: shownPlain, with: typed) }
    #expect(refused.english == swap(expected.english))
    #expect(refused.chinese == swap(expected.chinese))
    // In Chinese every part of the sentence is Chinese: not the English reason inside.
    let reason = refused.english.split(separator: "': ").last.map(String.init) ?? refused.english
    #expect(!refused.chinese.contains(reason))
  }
}
