import Foundation

extension Promotion {
  /// The promotion as JSON in the SPEC's layout and field order, every field present; decoding it
  /// gives back an equal promotion. Stores keep this form, and `promotion show` prints it.
  public var jsonText: String {
    func quoted(_ text: String) -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.withoutEscapingSlashes]
      let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
      return String(decoding: data, as: UTF8.self)
    }
    func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
    func optional(_ text: String?) -> String { text.map(quoted) ?? "null" }
    let campaign: String =
      campaignStart == nil && campaignEnd == nil
      ? "null"
      : "{ \"start\": \(optional(campaignStart?.description)), "
        + "\"end\": \(optional(campaignEnd?.description)) }"
    let types = cardTypes.map { set in
      list(CardType.allCases.filter(set.contains).map { quoted($0.rawValue) })
    }
    let networkList = networks.map { set in
      list(Network.allCases.filter(set.contains).map { quoted($0.rawValue) })
    }
    let mccs = list(excludedMCCs.map(\.description).sorted().map(quoted))
    let lines = [
      "  \"id\": \(quoted(id.rawValue))",
      "  \"name\": \(quoted(name))",
      "  \"issuer\": \(optional(issuer))",
      "  \"currency\": \(quoted(currency.code))",
      "  \"timezone\": \(quoted(timeZone.identifier))",
      "  \"campaign\": \(campaign)",
      "  \"minimumSpend\": \(quoted(minimumSpend.description))",
      "  \"cardTypes\": \(types ?? "null")",
      "  \"networks\": \(networkList ?? "null")",
      "  \"supplementaryCards\": \(quoted(supplementaryCards.rawValue))",
      "  \"excludedMCCs\": \(mccs)",
      "  \"cycleStartDay\": \(cycleStartDay)",
      "  \"rewardsPerCycle\": \(rewardsPerCycle)",
      "  \"maxRewardsPerHolder\": \(maxRewardsPerHolder)",
      "  \"quota\": \(quota.map(String.init) ?? "null")",
      "  \"tiers\": {\n"
        + "    \"bank-app\": \(list(tiers.bankApp.map { quoted($0.description) })),\n"
        + "    \"wallet\": \(list(tiers.wallet.map { quoted($0.description) }))\n  }",
    ]
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}
