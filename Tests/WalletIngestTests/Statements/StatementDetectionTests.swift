import Testing
import WalletCore

@testable import WalletIngest

/// Without `--format`, the header row tells which format a file is.
struct StatementDetectionTests {
  @Test(arguments: [
    ("bocom-credit.csv", "bocom-credit"), ("cmb-credit.csv", "cmb-credit"),
    ("icbc-credit.csv", "icbc-credit"), ("alipay.csv", "alipay"), ("wechat.csv", "wechat"),
  ])
  func headerPicksTheFormat(file: String, format: String) throws {
    #expect(try StatementFixture.read(file).format.id == format)
  }

  @Test func unknownHeaderListsTheFormatsTried() throws {
    let text = "标题\n日期,摘要,金额\n2024-01-01,某店,1.00\n"
    do {
      _ = try StatementReader.read(
        bytes: Array(text.utf8), file: "unknown.csv", format: nil,
        formats: StatementFormat.builtIn, rules: nil, defaultMethod: nil)
      Issue.record("an unknown header was read")
    } catch {
      #expect(error.line == 1)
      #expect(error.statementError == .noKnownHeader(tried: StatementFormat.builtIn.map(\.id)))
    }
  }

  @Test func headerFittingTwoFormatsIsAmbiguous() throws {
    let narrow = try StatementFormat.decode(
      json: Array(
        """
        {"id": "narrow", "header": ["交易日", "人民币金额"],
         "columns": {"date": {"column": "交易日", "form": "MM/dd"}, "description": "交易日",
                     "amount": {"column": "人民币金额"}},
         "periodPattern": "(?<year>\\\\d{4})年",
         "classification": [{"kind": "purchase"}]}
        """.utf8), file: "narrow.json")
    let bytes = try StatementFixture.bytes("cmb-credit.csv")
    do {
      _ = try StatementReader.read(
        bytes: bytes, file: "cmb.csv", format: nil,
        formats: StatementFormat.builtIn + [narrow], rules: nil, defaultMethod: nil)
      Issue.record("an ambiguous header was read")
    } catch {
      #expect(error.line == 2)
      guard case .statement(.severalFormats(let matching, _)) = error.problem else {
        Issue.record("\(error)")
        return
      }
      #expect(matching == ["cmb-credit", "narrow"])
    }
  }

  @Test func namedFormatWhoseHeaderIsMissingSaysWhichColumnsItWants() throws {
    let bytes = try StatementFixture.bytes("wechat.csv")
    do {
      _ = try StatementReader.read(
        bytes: bytes, file: "wechat.csv",
        format: StatementFixture.format("alipay"), formats: [], rules: nil, defaultMethod: nil)
      Issue.record("a WeChat file was read as Alipay")
    } catch {
      guard case .statement(.noHeaderOfFormat(let format, let header)) = error.problem else {
        Issue.record("\(error)")
        return
      }
      #expect(format == "alipay")
      #expect(header.contains("商品说明"))
    }
  }
}
