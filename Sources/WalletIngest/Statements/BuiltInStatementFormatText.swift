/// The built-in formats' JSON, embedded so that the binary needs no resource bundle.
///
/// Each text is byte for byte the file of the same id in `data/formats/`, which is what users
/// read and copy; a test fails when the two drift apart. Edit the file, then paste it here.
enum BuiltInStatementFormatText {
  /// The ids and texts, in the order `StatementFormat.builtIn` lists them.
  static let all: [(id: String, json: String)] = [
    ("bocom-credit", bocomCredit),
    ("cmb-credit", cmbCredit),
    ("icbc-credit", icbcCredit),
    ("alipay", alipay),
    ("wechat", wechat),
  ]

  /// `data/formats/bocom-credit.json`.
  static let bocomCredit = #"""
    {
      "id": "bocom-credit",
      "name": "交通银行信用卡对账单 (CSV)",
      "kind": "card-statement",
      "header": ["交易日期", "记账日期", "交易说明", "交易币种/金额", "入账币种/金额"],
      "periodPattern": "账单周期\\s*\\d{4}/\\d{1,2}/\\d{1,2}\\s*-\\s*(?<year>\\d{4})/(?<month>\\d{1,2})/(?<day>\\d{1,2})",
      "titleCardPattern": "交通银行信用卡\\s*[(（](\\d{4})[)）]",
      "columns": {
        "date": { "column": "交易日期", "form": "yyyy-MM-dd" },
        "postingDate": { "column": "记账日期", "form": "yyyy-MM-dd" },
        "description": "交易说明",
        "amount": { "column": "入账币种/金额", "sign": "always-positive" },
        "originalAmount": "交易币种/金额"
      },
      "classification": [
        {
          "if": [{ "column": "交易说明", "firstWord": "消费" }],
          "kind": "purchase",
          "merchant": { "column": "交易说明", "part": "after-first-word" }
        },
        {
          "if": [{ "column": "交易说明", "firstWord": "退货" }],
          "kind": "refund",
          "merchant": { "column": "交易说明", "part": "after-first-word" }
        },
        { "if": [{ "column": "交易说明", "firstWord": "刷卡金返还" }], "kind": "credit" },
        { "if": [{ "column": "交易说明", "firstWord": "刷卡金扣回" }], "kind": "clawback" },
        {
          "if": [{ "column": "交易说明", "firstWord": "信用卡还款" }],
          "kind": "ignore",
          "reason": "a repayment"
        },
        {
          "if": [{ "column": "交易说明", "firstWord": "红包还款" }],
          "kind": "ignore",
          "reason": "a repayment (红包还款)"
        },
        {
          "if": [{ "column": "交易说明", "firstWord": "自动购汇还款" }],
          "kind": "ignore",
          "reason": "a repayment of a foreign-currency balance"
        },
        {
          "if": [{ "column": "交易说明", "firstWord": "分期扣款" }],
          "kind": "ignore",
          "reason": "an instalment charge, not a purchase"
        },
        {
          "if": [{ "column": "交易说明", "firstWord": "自动购汇扣款" }],
          "kind": "ignore",
          "reason": "a currency purchase to repay a foreign-currency balance"
        }
      ],
      "methodRules": [
        {
          "if": [{ "column": "交易说明", "contains": "APPLE.COM", "ignoreCase": true }],
          "method": "other",
          "reason": "an App Store purchase, not an Apple Pay payment"
        },
        {
          "if": [{ "column": "交易说明", "contains": "支付宝-" }],
          "method": "other",
          "reason": "paid through Alipay"
        },
        {
          "if": [{ "column": "交易说明", "contains": "财付通-" }],
          "method": "other",
          "reason": "paid through WeChat Pay (财付通)"
        }
      ]
    }

    """#

  /// `data/formats/cmb-credit.json`.
  static let cmbCredit = #"""
    {
      "id": "cmb-credit",
      "name": "招商银行信用卡对账单 (CSV)",
      "kind": "card-statement",
      "header": ["交易日", "记账日", "交易摘要", "人民币金额", "卡号末四位", "交易地金额"],
      "periodPattern": "(?<year>\\d{4})年(?<month>\\d{1,2})月",
      "columns": {
        "date": { "column": "交易日", "form": "MM/dd" },
        "postingDate": { "column": "记账日", "form": "MM/dd" },
        "description": "交易摘要",
        "amount": { "column": "人民币金额", "sign": "positive-is-purchase" },
        "originalAmount": "交易地金额",
        "card": { "column": "卡号末四位" }
      },
      "classification": [
        {
          "if": [{ "column": "交易摘要", "contains": "还款" }],
          "direction": "in",
          "kind": "ignore",
          "reason": "a repayment"
        },
        {
          "if": [{ "column": "交易摘要", "contains": "分期" }],
          "kind": "ignore",
          "reason": "an instalment charge, not a purchase"
        },
        {
          "if": [{ "column": "交易摘要", "contains": "年费" }],
          "kind": "ignore",
          "reason": "an annual fee, not a purchase"
        },
        {
          "if": [{ "column": "交易摘要", "contains": "利息" }],
          "kind": "ignore",
          "reason": "interest, not a purchase"
        },
        {
          "direction": "in",
          "kind": "refund",
          "merchant": { "column": "交易摘要", "part": "whole" }
        },
        {
          "direction": "out",
          "kind": "purchase",
          "merchant": { "column": "交易摘要", "part": "whole" }
        }
      ],
      "methodRules": [
        {
          "if": [{ "column": "交易摘要", "contains": "APPLE.COM", "ignoreCase": true }],
          "method": "other",
          "reason": "an App Store purchase, not an Apple Pay payment"
        },
        {
          "if": [{ "column": "交易摘要", "contains": "支付宝-" }],
          "method": "other",
          "reason": "paid through Alipay"
        },
        {
          "if": [{ "column": "交易摘要", "contains": "财付通-" }],
          "method": "other",
          "reason": "paid through WeChat Pay (财付通)"
        }
      ]
    }

    """#

  /// `data/formats/icbc-credit.json`.
  static let icbcCredit = #"""
    {
      "id": "icbc-credit",
      "name": "工商银行信用卡明细 (CSV)",
      "kind": "card-statement",
      "header": [
        "交易日期", "记账日期", "摘要", "交易场所", "交易国家或地区简称", "交易金额(收入)",
        "交易金额(支出)", "交易币种", "记账金额(收入)", "记账金额(支出)", "记账币种", "余额", "对方户名"
      ],
      "footerPrefixes": ["合计金额", "人民币合计"],
      "titleCardPattern": "卡号\\s*[:：]\\s*([0-9*＊ ]+)",
      "columns": {
        "date": { "column": "交易日期", "form": "yyyy-MM-dd" },
        "postingDate": { "column": "记账日期", "form": "yyyy-MM-dd" },
        "description": "摘要",
        "merchant": "交易场所",
        "amount": { "in": "记账金额(收入)", "out": "记账金额(支出)" },
        "currency": {
          "column": "记账币种",
          "names": { "人民币": "CNY", "美元": "USD", "欧元": "EUR", "港币": "HKD", "日元": "JPY" },
          "default": "CNY"
        }
      },
      "classification": [
        {
          "if": [{ "column": "摘要", "contains": "还款" }],
          "direction": "in",
          "kind": "ignore",
          "reason": "a repayment"
        },
        {
          "if": [{ "column": "摘要", "contains": "分期" }],
          "kind": "ignore",
          "reason": "an instalment charge, not a purchase"
        },
        {
          "if": [{ "column": "摘要", "contains": "年费" }],
          "kind": "ignore",
          "reason": "an annual fee, not a purchase"
        },
        { "if": [{ "column": "摘要", "contains": "消费" }], "direction": "out", "kind": "purchase" },
        { "if": [{ "column": "摘要", "contains": "退货" }], "direction": "in", "kind": "refund" },
        { "if": [{ "column": "摘要", "contains": "退款" }], "direction": "in", "kind": "refund" }
      ],
      "methodRules": [
        {
          "if": [{ "column": "交易场所", "contains": "APPLE.COM", "ignoreCase": true }],
          "method": "other",
          "reason": "an App Store purchase, not an Apple Pay payment"
        },
        {
          "if": [{ "column": "交易场所", "contains": "支付宝" }],
          "method": "other",
          "reason": "paid through Alipay"
        },
        {
          "if": [{ "column": "交易场所", "contains": "财付通" }],
          "method": "other",
          "reason": "paid through WeChat Pay (财付通)"
        }
      ]
    }

    """#

  /// `data/formats/alipay.json`.
  static let alipay = #"""
    {
      "id": "alipay",
      "name": "支付宝交易明细 (CSV)",
      "kind": "app-export",
      "header": [
        "交易时间", "交易分类", "交易对方", "对方账号", "商品说明", "收/支", "金额", "收/付款方式",
        "交易状态", "交易订单号", "商家订单号", "备注"
      ],
      "footerPrefixes": ["------"],
      "columns": {
        "date": { "column": "交易时间", "form": "yyyy-MM-dd HH:mm:ss" },
        "description": "商品说明",
        "merchant": "交易对方",
        "amount": { "column": "金额", "sign": "always-positive" },
        "card": { "column": "收/付款方式", "pattern": "[(（](\\d{4})[)）]" },
        "orderID": "交易订单号",
        "refundedOrderID": { "column": "交易订单号", "originalBefore": ["*REFUND_", "_"] }
      },
      "classification": [
        {
          "if": [{ "column": "交易状态", "equals": "交易关闭" }],
          "kind": "ignore",
          "reason": "the trade was closed, no money moved"
        },
        {
          "if": [
            { "column": "收/支", "equals": "不计收支" },
            { "column": "交易状态", "equals": "退款成功" },
            { "column": "商品说明", "prefix": "退款-" }
          ],
          "kind": "refund"
        },
        {
          "if": [{ "column": "收/支", "equals": "不计收支" }],
          "kind": "ignore",
          "reason": "a transfer, neither in nor out"
        },
        { "if": [{ "column": "收/支", "equals": "支出" }], "kind": "purchase" },
        {
          "if": [{ "column": "收/支", "equals": "收入" }],
          "kind": "ignore",
          "reason": "money received, not a purchase"
        }
      ],
      "methodRules": [
        {
          "if": [{ "column": "交易对方", "contains": "Apple", "ignoreCase": true }],
          "method": "other",
          "reason": "an App Store purchase through Alipay, not an Apple Pay payment"
        },
        { "method": "other", "reason": "paid through Alipay" }
      ],
      "withoutCardReason": "paid without a card (from the Alipay balance, 余额宝 or 花呗)"
    }

    """#

  /// `data/formats/wechat.json`.
  static let wechat = #"""
    {
      "id": "wechat",
      "name": "微信支付账单明细 (CSV)",
      "kind": "app-export",
      "header": [
        "交易时间", "交易类型", "交易对方", "商品", "收/支", "金额(元)", "支付方式", "当前状态",
        "交易单号", "商户单号", "备注"
      ],
      "columns": {
        "date": { "column": "交易时间", "form": "yyyy-MM-dd HH:mm:ss" },
        "description": "商品",
        "merchant": "交易对方",
        "amount": { "column": "金额(元)", "sign": "always-positive" },
        "card": { "column": "支付方式", "pattern": "[(（](\\d{4})[)）]" },
        "orderID": "交易单号"
      },
      "classification": [
        {
          "if": [{ "column": "收/支", "equals": "/" }],
          "kind": "ignore",
          "reason": "a transfer, neither in nor out"
        },
        {
          "if": [
            { "column": "收/支", "equals": "收入" },
            { "column": "当前状态", "prefix": "已退款" }
          ],
          "kind": "refund"
        },
        {
          "if": [
            { "column": "收/支", "equals": "收入" },
            { "column": "当前状态", "prefix": "已全额退款" }
          ],
          "kind": "refund"
        },
        {
          "if": [
            { "column": "收/支", "equals": "收入" },
            { "column": "交易类型", "contains": "退款" }
          ],
          "kind": "refund"
        },
        { "if": [{ "column": "收/支", "equals": "支出" }], "kind": "purchase" },
        {
          "if": [{ "column": "收/支", "equals": "收入" }],
          "kind": "ignore",
          "reason": "money received, not a purchase"
        }
      ],
      "methodRules": [
        {
          "if": [{ "column": "交易对方", "contains": "Apple", "ignoreCase": true }],
          "method": "other",
          "reason": "an App Store purchase through WeChat Pay, not an Apple Pay payment"
        },
        { "method": "other", "reason": "paid through WeChat Pay" }
      ],
      "withoutCardReason": "paid without a card (from WeChat 零钱 or 零钱通)"
    }

    """#
}
