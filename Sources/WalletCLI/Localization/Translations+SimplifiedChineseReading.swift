// The Simplified Chinese of what helps a person read wallet's output: the built-in statement
// formats (`wallet format list|show`), tables fitted to a terminal (`--wide`), and the smaller
// sentences that say what a what-if, a reconciliation, a void or a removal did. Keys are the
// English sentences with `{0}`, `{1}`… for their values, as in the other parts.

extension Translations {
  /// The part of the table for reading wallet's output.
  static let simplifiedChineseReading: [String: String] = [
    // wallet format
    "List and show the statement formats built into wallet.": "列出并显示 wallet 内置的对账单格式。",
    "The formats 'import statement' reads without a format file of yours: 'format list' names them, 'format show ID' prints one as JSON to copy (see wallet-formats(5)).":
      "'import statement' 无需您自己的格式文件即可读取的格式：'format list' 列出它们，'format show ID' 以 JSON 打印其中一个以供复制（见 wallet-formats(5)）。",
    "List the built-in statement formats.": "列出内置的对账单格式。",
    "Lists the statement formats built into wallet, in the order 'import statement' tries them: each one's id (what --format takes), its name, and what it reads: a bank's credit-card statement or a payment app's export. 'wallet format show ID' prints one as JSON, to copy as the start of a format file of your own (see wallet-formats(5)).":
      "按 'import statement' 尝试的顺序列出 wallet 内置的对账单格式：每个格式的编号（即 --format 接受的值）、名称，以及它读取的文件：银行的信用卡对账单或支付 App 的导出文件。'wallet format show ID' 以 JSON 打印其中一个，可复制作为您自己格式文件的起点（见 wallet-formats(5)）。",
    "a credit-card statement": "信用卡对账单",
    "a payment app's export": "支付 App 的导出文件",
    "No formats.": "没有格式。",
    "Print a built-in statement format as JSON.": "以 JSON 打印一个内置的对账单格式。",
    "Prints the built-in format's file exactly as wallet holds it: the header row's column names, the rules that classify each row, the payment-method rules. Saved to a file and edited, it is a format file for a bank wallet does not know, which 'import statement --format FILE' reads (see wallet-formats(5)).":
      "原样打印 wallet 内置的格式文件：表头行的列名、给每一行分类的规则、支付方式规则。保存到文件并加以修改后，就是 wallet 不认识的银行的格式文件，可由 'import statement --format FILE' 读取（见 wallet-formats(5)）。",
    "The format's id (see 'wallet format list').": "格式的编号（见 'wallet format list'）。",
    // --wide
    "Print tables whole on a terminal, rather than shorten long values to fit it.":
      "在终端上完整打印表格，而不是缩短过长的值以适应终端宽度。",
    // What a what-if's purchase would take from those recorded after it
    "It would take the cycle's reward from {0}, made {1}.": "它会拿走 {1} 那笔消费 {0} 在本结算周期的刷卡金。",
    "It would take the reward of {0}, made {1}.": "它会拿走 {1} 那笔消费 {0} 的刷卡金。",
    "It would take the rewards of {0} and {1}.": "它会拿走 {0} 和 {1} 的刷卡金。",
    "note": "注意",
    // The holder quoted, after the reward
    "It counts as reward {0} of {1} for holder {2} and, bound through {3} ({4}), pays {5}.":
      "计为持卡人 {2} 的第 {0} 次奖励（共 {1} 次）；绑卡渠道：{3}（{4}），返刷卡金 {5}。",
    "It counts as reward {0} of {1} for holder {2} and, bound through {3} ({4}), was paid {5}, then taken back when it was refunded to {6}, below the minimum of {7}; the place stays used.":
      "计为持卡人 {2} 的第 {0} 次奖励（共 {1} 次）；绑卡渠道：{3}（{4}），已返刷卡金 {5}。退款后实付 {6}，低于最低消费 {7}，刷卡金已扣回，该次名额仍算已用。",
    "It counts as reward {0} of {1} for holder {2} and, bound through {3} ({4}), was paid {5}, then taken back when it was refunded; the place stays used.":
      "计为持卡人 {2} 的第 {0} 次奖励（共 {1} 次）；绑卡渠道：{3}（{4}），已返刷卡金 {5}。因退款已扣回，该次名额仍算已用。",
    "It counts as reward {0} for holder {1} and, bound through {2} ({3}), pays {4}.":
      "计为持卡人 {1} 的第 {0} 次奖励；绑卡渠道：{2}（{3}），返刷卡金 {4}。",
    "It counts as reward {0} for holder {1} and, bound through {2} ({3}), was paid {4}, then taken back when the purchase was refunded; the place stays used.":
      "计为持卡人 {1} 的第 {0} 次奖励；绑卡渠道：{2}（{3}），已返刷卡金 {4}。因退款已扣回，该次名额仍算已用。",
    // A void says so
    "The payment was voided (reversed) before it settled, so it no longer counts.":
      "这笔支付在结算前已撤销（冲正），不再计入。",
    "{0}: not rewarded (voided)": "{0}：没有刷卡金（已撤销）",
    "{0} does not earn: voided.": "{0} 没有刷卡金：已撤销。",
    // The reconciliation's closing, with what is not yet due
    "Everything owed is paid or not yet due: 1 reward comes due on {0}.":
      "应返的刷卡金均已到账或尚未到期：1 笔刷卡金将于 {0} 到期。",
    "Everything owed is paid or not yet due: {0} rewards are not yet due, the next on {1}.":
      "应返的刷卡金均已到账或尚未到期：{0} 笔刷卡金尚未到期，最近一笔于 {1} 到期。",
    // txn remove says how to undo it
    "It held a reward; to put it back:": "它曾获得刷卡金；如需恢复，请运行：",
    "It held a reward; to put it back, record it again (it holds a card number, not shown).":
      "它曾获得刷卡金；如需恢复，请重新记录（其中含有卡号，不显示）。",
  ]
}
