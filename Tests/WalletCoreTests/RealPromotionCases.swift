@testable import WalletCore

// The hand-worked tables of the shipped promotions. Each expectation is reckoned from the
// promotion's terms (and its file's `source.notes`, which name the guesses), in its own zone and
// currency; ordinals count each holder's rewards in the order of time.

extension RealPromotionCase {
  /// Every table, one per shipped promotion of SPEC 8's language.
  static let all: [RealPromotionCase] = [
    octopus(network: "unionpay"), octopus(network: "visa-mastercard"), dbsCashRebate,
    hsbcTaiwanFirstPurchase, cathayApp, redHotMobilePay, aomiApp, appleCardAtApple, parknshop,
  ]

  /// BOCHK's Octopus top-ups, one purchase list for both files: HK$20 a month on UnionPay,
  /// HK$10 on Visa or Mastercard, from HK$400, at most 3 months, until 2021-08-31.
  static func octopus(network: String) -> RealPromotionCase {
    let hk = LocalTerms("Asia/Hong_Kong", "HKD")
    let cards = [
      hk.card("C1", holder: "H1", .unionpay, issuer: "bochk"),
      hk.card("C2", holder: "H1", .visa, issuer: "bochk"),
      hk.card("C3", holder: "H2", .mastercard, issuer: "bochk"),
    ]
    let enrollments = [
      hk.enrollment("E1", card: "C1", at: "2021-01-01T09:00"),
      hk.enrollment("E2", card: "C2", at: "2021-01-01T09:00"),
      hk.enrollment("E3", card: "C3", at: "2021-07-01T12:00"),
    ]
    let transactions = [
      hk.purchase("A", at: "2021-05-31T23:59", "400.00", merchant: "Octopus"),
      hk.purchase("B", at: "2021-06-01T00:00", "399.99", merchant: "Octopus"),
      hk.purchase("C", at: "2021-06-01T00:01", "400.00", merchant: "八達通增值"),
      hk.purchase("D", at: "2021-06-30T23:59:59", "500.00", merchant: "Octopus"),
      // 16:00 UTC on 30 June is midnight on 1 July in Hong Kong: July's top-up.
      hk.purchase("E", at: "2021-06-30T16:00:00Z", "400.00", merchant: "OCTOPUS CARDS LTD"),
      hk.purchase("F", card: "C2", at: "2021-07-02T10:00", "400.00", merchant: "Octopus"),
      hk.purchase("G", at: "2021-07-03T10:00", "400.00", merchant: "PARKnSHOP"),
      // C3 is bound at noon on 1 July.
      hk.purchase("H", card: "C3", at: "2021-07-01T11:59", "400.00", merchant: "Octopus"),
      hk.purchase("I", card: "C3", at: "2021-07-01T12:00", "400.00", merchant: "Octopus"),
      hk.purchase("J", at: "2021-08-02T10:00", "400.00", merchant: "Octopus", method: .card),
      hk.purchase("K", at: "2021-08-31T23:59:59", "400.00", merchant: "Octopus"),
      hk.purchase("L", at: "2021-09-01T00:00", "400.00", merchant: "Octopus"),
      hk.purchase("M", card: "C2", at: "2021-07-15T10:00", "400.00", merchant: "Octopus"),
      hk.purchase(
        "N", card: "C2", at: "2021-08-31T23:59:59", "400.00", merchant: "Octopus", currency: "CNY"),
      hk.purchase("O", card: "C2", at: "2021-08-31T23:00", "400.00", merchant: "Octopus"),
    ]
    let expected: [(String, Expected)]
    if network == "unionpay" {
      expected = [
        ("A", .paid("20.00", ordinal: 1)), ("B", .refused(.belowMinimum)),
        ("C", .paid("20.00", ordinal: 2)), ("D", .refused(.periodAlreadyRewarded)),
        ("E", .paid("20.00", ordinal: 3)), ("F", .refused(.ineligibleNetwork)),
        ("G", .refused(.notListedMerchant)), ("H", .refused(.ineligibleNetwork)),
        ("I", .refused(.ineligibleNetwork)), ("J", .refused(.notApplePay)),
        // Three months paid: the campaign's count comes before August's.
        ("K", .refused(.rewardCapReached)), ("L", .refused(.outsideCampaign)),
        ("M", .refused(.ineligibleNetwork)), ("N", .refused(.ineligibleNetwork)),
        ("O", .refused(.ineligibleNetwork)),
      ]
    } else {
      expected = [
        ("A", .refused(.ineligibleNetwork)), ("B", .refused(.ineligibleNetwork)),
        ("C", .refused(.ineligibleNetwork)), ("D", .refused(.ineligibleNetwork)),
        ("E", .refused(.ineligibleNetwork)), ("F", .paid("10.00", ordinal: 1)),
        ("G", .refused(.ineligibleNetwork)), ("H", .refused(.notEnrolled)),
        // J, by card, fails on its method before its network.
        ("I", .paid("10.00", ordinal: 1)), ("J", .refused(.notApplePay)),
        ("K", .refused(.ineligibleNetwork)), ("L", .refused(.ineligibleNetwork)),
        ("M", .refused(.periodAlreadyRewarded)), ("N", .refused(.foreignCurrency)),
        ("O", .paid("10.00", ordinal: 2)),
      ]
    }
    return hk.table(
      "bochk-octopus-applepay-\(network)-2021.json", cards: cards, enrollments: enrollments,
      transactions: transactions, expected: expected)
  }

  /// DBS HK, May and June 2017: HK$30 on the purchase that brings a holder's month to HK$100,
  /// supplementary cards added in.
  static let dbsCashRebate: RealPromotionCase = {
    let hk = LocalTerms("Asia/Hong_Kong", "HKD")
    return hk.table(
      "dbs-hk-applepay-cash-rebate-2017.json",
      cards: [
        hk.card("C1", holder: "H1", .visa, issuer: "dbs-hk"),
        hk.card("C2", holder: "H1", .mastercard, role: .supplementary, issuer: "dbs-hk"),
        hk.card("C3", holder: "H2", .amex, issuer: "dbs-hk"),
      ],
      enrollments: ["C1", "C2", "C3"].enumerated().map {
        hk.enrollment("E\($0.offset + 1)", card: $0.element, at: "2017-01-01T09:00")
      },
      transactions: [
        hk.purchase("A", at: "2017-04-30T23:59", "500.00"),
        hk.purchase("B", at: "2017-05-01T00:00", "60.00"),
        hk.purchase("C", card: "C2", at: "2017-05-10T12:00", "39.99"),
        hk.purchase("D", at: "2017-05-15T12:00", "100.00", method: .card),
        // 60.00 + 39.99 + 0.01 is exactly HK$100.00; D, by card, does not count.
        hk.purchase("E", card: "C2", at: "2017-05-31T20:00", "0.01"),
        hk.purchase("F", at: "2017-05-31T23:59:59", "200.00"),
        // 150.00 less 60.00 refunded counts 90.00.
        hk.purchase("G", at: "2017-06-01T00:00", "150.00", refunded: "60.00"),
        hk.purchase("H", at: "2017-06-02T12:00", "120.00", status: .refunded),
        hk.purchase("I", at: "2017-06-30T23:59", "10.00"),
        hk.purchase("J", at: "2017-07-01T00:00", "1000.00"),
        hk.purchase("K", card: "C3", at: "2017-05-05T12:00", "500.00"),
      ],
      expected: [
        ("A", .refused(.outsideCampaign)), ("B", .refused(.belowThreshold)),
        ("C", .refused(.belowThreshold)), ("D", .refused(.notApplePay)),
        ("E", .paid("30.00", ordinal: 1)), ("F", .refused(.periodAlreadyRewarded)),
        ("G", .refused(.belowThreshold)), ("H", .refused(.refunded)),
        ("I", .paid("30.00", ordinal: 2)), ("J", .refused(.outsideCampaign)),
        ("K", .refused(.ineligibleNetwork)),
      ])
  }()

  /// HSBC Taiwan, 2019-04-19 to 08-31: NT$200 once per primary holder, any amount.
  static let hsbcTaiwanFirstPurchase: RealPromotionCase = {
    let tw = LocalTerms("Asia/Taipei", "TWD")
    return tw.table(
      "hsbc-tw-applepay-first-purchase-2019.json",
      cards: [
        tw.card("C1", holder: "H1", .visa, issuer: "hsbc-tw"),
        tw.card("C2", holder: "H1", .mastercard, role: .supplementary, issuer: "hsbc-tw"),
        tw.card("C3", holder: "H2", .visa, .debit, issuer: "hsbc-tw"),
        tw.card("C4", holder: "H3", .jcb, issuer: "hsbc-tw"),
        tw.card("C5", holder: "H4", .visa, issuer: "hsbc-tw"),
        tw.card("C6", holder: "H5", .mastercard, issuer: "hsbc-tw"),
      ],
      enrollments: [
        tw.enrollment("E1", card: "C1", at: "2019-04-01T09:00"),
        tw.enrollment("E2", card: "C2", at: "2019-04-19T00:00"),
        tw.enrollment("E3", card: "C3", at: "2019-05-01T09:00"),
        tw.enrollment("E4", card: "C4", at: "2019-05-01T09:00"),
        tw.enrollment("E5", card: "C5", at: "2019-08-01T09:00"),
        // Bound before the campaign: see G.
        tw.enrollment("E6", card: "C6", at: "2018-12-01T09:00"),
      ],
      transactions: [
        tw.purchase("A", at: "2019-04-18T23:59", "1000.00"),
        tw.purchase("B", card: "C2", at: "2019-04-19T00:00", "1.00"),
        tw.purchase("C", at: "2019-04-20T12:00", "5000.00"),
        tw.purchase("D", card: "C3", at: "2019-05-02T12:00", "300.00"),
        tw.purchase("E", card: "C4", at: "2019-08-31T23:59:59", "0.01"),
        tw.purchase("F", card: "C5", at: "2019-09-01T00:00", "100.00"),
        // The terms refuse a card linked to Apple Pay before; the file cannot see that (its
        // notes say so), and pays.
        tw.purchase("G", card: "C6", at: "2019-05-02T12:00", "100.00"),
        tw.purchase("H", card: "C5", at: "2019-08-31T12:00", "100.00", currency: "USD"),
        tw.purchase("I", card: "C5", at: "2019-08-31T13:00", "100.00", method: .other),
      ],
      expected: [
        ("A", .refused(.outsideCampaign)), ("B", .paid("200.00", ordinal: 1)),
        ("C", .refused(.rewardCapReached)), ("D", .refused(.ineligibleCardType)),
        ("E", .paid("200.00", ordinal: 1)), ("F", .refused(.outsideCampaign)),
        ("G", .paid("200.00", ordinal: 1)), ("H", .refused(.foreignCurrency)),
        ("I", .refused(.notApplePay)),
      ])
  }()

  /// HSBC HK Visa in the Cathay Pacific app, 2023: HK$300 on a single HK$5,000, at most HK$300
  /// a month per holder.
  static let cathayApp: RealPromotionCase = {
    let hk = LocalTerms("Asia/Hong_Kong", "HKD")
    return hk.table(
      "hsbc-hk-visa-signature-cathay-2023.json",
      cards: [
        hk.card("C1", holder: "H1", .visa, issuer: "hsbc-hk"),
        hk.card("C2", holder: "H1", .mastercard, issuer: "hsbc-hk"),
        hk.card("C3", holder: "H1", .visa, role: .supplementary, issuer: "hsbc-hk"),
      ],
      enrollments: ["C1", "C2", "C3"].enumerated().map {
        hk.enrollment("E\($0.offset + 1)", card: $0.element, at: "2022-12-01T09:00")
      },
      transactions: [
        hk.purchase("A", at: "2022-12-31T23:59", "5000.00", merchant: "Cathay Pacific"),
        hk.purchase("B", at: "2023-01-31T23:00", "5000.00", merchant: "Cathay Pacific App"),
        hk.purchase("C", at: "2023-01-31T23:59:30", "6000.00", merchant: "CATHAY PACIFIC AIRWAYS"),
        hk.purchase("D", at: "2023-02-01T00:00", "4999.99", merchant: "Cathay"),
        hk.purchase("E", at: "2023-02-01T00:01", "5000.00", merchant: "Cathay", refunded: "0.01"),
        hk.purchase("F", at: "2023-02-10T12:00", "8000.00", merchant: "Emirates"),
        hk.purchase("G", card: "C2", at: "2023-02-11T12:00", "5000.00", merchant: "Cathay Pacific"),
        // Google Pay is another method.
        hk.purchase(
          "H", at: "2023-02-12T12:00", "5000.00", merchant: "Cathay Pacific", method: .other),
        hk.purchase("I", at: "2023-02-28T12:00", "5000.00", merchant: "Cathay Pacific"),
        hk.purchase("J", card: "C3", at: "2023-02-28T23:00", "7000.00", merchant: "Cathay Pacific"),
        hk.purchase(
          "K", card: "C3", at: "2023-12-31T23:59:59", "5000.00", merchant: "Cathay Pacific"),
        hk.purchase("L", at: "2024-01-01T00:00", "5000.00", merchant: "Cathay Pacific"),
      ],
      expected: [
        ("A", .refused(.outsideCampaign)), ("B", .paid("300.00", ordinal: 1)),
        ("C", .refused(.amountCapReached)), ("D", .refused(.belowMinimum)),
        ("E", .refused(.belowMinimum)), ("F", .refused(.notListedMerchant)),
        ("G", .refused(.ineligibleNetwork)), ("H", .refused(.notApplePay)),
        ("I", .paid("300.00", ordinal: 2)),
        // The supplementary card shares its primary holder's HK$300 of February.
        ("J", .refused(.amountCapReached)), ("K", .paid("300.00", ordinal: 3)),
        ("L", .refused(.outsideCampaign)),
      ])
  }()

  /// HSBC HK 最紅簽賬獎賞, 2021-05-04 to 06-23: 5 % of each purchase over HK$100 once the
  /// holder's campaign reaches HK$8,000 of them, all of them counted, at most HK$450.
  static let redHotMobilePay: RealPromotionCase = {
    let hk = LocalTerms("Asia/Hong_Kong", "HKD")
    return hk.table(
      "hsbc-hk-red-hot-mobile-pay-2021.json",
      cards: [
        hk.card("C1", holder: "H1", .visa, issuer: "hsbc-hk"),
        hk.card("C2", holder: "H2", .unionpay, issuer: "hsbc-hk"),
      ],
      enrollments: [
        hk.enrollment("E1", card: "C1", at: "2021-01-01T09:00"),
        hk.enrollment("E2", card: "C2", at: "2021-01-01T09:00"),
      ],
      transactions: [
        hk.purchase("A", at: "2021-05-03T23:59", "3000.00"),
        hk.purchase("B", at: "2021-05-04T00:00", "100.00"),
        // Earns though H1 had spent only this by then: the campaign's whole spend counts.
        hk.purchase("C", at: "2021-05-04T00:01", "100.01"),
        hk.purchase("D", at: "2021-05-20T12:00", "5000.00", method: .card),
        hk.purchase("E", at: "2021-06-01T12:00", "3899.99"),
        hk.purchase("F", at: "2021-06-10T12:00", "2000.00"),
        hk.purchase("G", at: "2021-06-23T22:00", "4000.00"),
        hk.purchase("H", at: "2021-06-23T23:59:59", "500.00"),
        hk.purchase("I", at: "2021-06-24T00:00", "500.00"),
        hk.purchase("J", card: "C2", at: "2021-05-10T12:00", "7999.99"),
        hk.purchase("K", card: "C2", at: "2021-05-11T12:00", "200.00", refunded: "100.00"),
      ],
      expected: [
        // H1 qualifies with C, E, F, G and H: 10,500.00. H2 with J alone: 7,999.99.
        ("A", .refused(.outsideCampaign)), ("B", .refused(.belowMinimum)),
        // 5 % of 100.01 is 5.0005; of 3,899.99, 194.9995: rounded down.
        ("C", .paid("5.00", ordinal: 1)), ("D", .refused(.notApplePay)),
        ("E", .paid("194.99", ordinal: 2)), ("F", .paid("100.00", ordinal: 3)),
        // 200.00, reduced to what is left of 450.00 after 299.99.
        ("G", .paid("150.01", ordinal: 4)), ("H", .refused(.amountCapReached)),
        ("I", .refused(.outsideCampaign)), ("J", .refused(.belowThreshold)),
        // 200.00 less 100.00 refunded is not over HK$100, and does not count towards 8,000.
        ("K", .refused(.belowMinimum)),
      ])
  }()

  /// The 澳覓 app with UnionPay, until 2020-01-23: MOP10 off MOP30, once a day per card.
  static let aomiApp: RealPromotionCase = {
    let mo = LocalTerms("Asia/Macau", "MOP")
    return mo.table(
      "unionpay-aomi-applepay-2019.json",
      cards: [
        mo.card("C1", holder: "H1", .unionpay, issuer: "bnu"),
        mo.card("C2", holder: "H1", .unionpay, role: .supplementary, issuer: "bnu"),
        mo.card("C3", holder: "H2", .visa, issuer: "icbc"),
        mo.card("C4", holder: "H2", .unionpay, .debit, issuer: "icbc"),
      ],
      enrollments: ["C1", "C2", "C3", "C4"].enumerated().map {
        mo.enrollment("E\($0.offset + 1)", card: $0.element, at: "2019-12-01T09:00")
      },
      transactions: [
        mo.purchase("A", at: "2020-01-21T12:00", "60.00", merchant: "澳覓", status: .refunded),
        mo.purchase("B", at: "2020-01-22T10:00", "30.00", merchant: "澳覓 Aomi"),
        mo.purchase("C", card: "C2", at: "2020-01-22T12:00", "30.00", merchant: "Aomi"),
        mo.purchase("D", at: "2020-01-22T22:59", "50.00", merchant: "澳覓"),
        // The bank's 23 January begins at 23:00 on the 22nd; wallet's at midnight.
        mo.purchase("E", at: "2020-01-22T23:30", "50.00", merchant: "澳覓"),
        mo.purchase("F", at: "2020-01-23T00:00", "29.99", merchant: "澳覓"),
        mo.purchase("G", at: "2020-01-23T00:01", "30.00", merchant: "澳覓"),
        mo.purchase("H", at: "2020-01-23T12:00", "30.00", merchant: "澳覓", currency: "HKD"),
        mo.purchase("I", card: "C3", at: "2020-01-23T12:00", "30.00", merchant: "澳覓"),
        mo.purchase("J", card: "C4", at: "2020-01-23T12:00", "30.00", merchant: "AOMI"),
        mo.purchase("K", at: "2020-01-24T00:00", "30.00", merchant: "澳覓"),
        mo.purchase("L", card: "C4", at: "2020-01-23T13:00", "40.00", merchant: "Macau Eats"),
      ],
      expected: [
        ("A", .refused(.refunded)), ("B", .paid("10.00", ordinal: 1)),
        // Each card number apart: the supplementary card has its own day.
        ("C", .paid("10.00", ordinal: 2)), ("D", .refused(.periodAlreadyRewarded)),
        // Calendar days: E shares B's day (the bank would have paid it, on its 23rd, and
        // refused G instead).
        ("E", .refused(.periodAlreadyRewarded)), ("F", .refused(.belowMinimum)),
        ("G", .paid("10.00", ordinal: 3)), ("H", .refused(.foreignCurrency)),
        ("I", .refused(.ineligibleNetwork)), ("J", .paid("10.00", ordinal: 1)),
        ("K", .refused(.outsideCampaign)), ("L", .refused(.notListedMerchant)),
      ])
  }()

  /// Apple Card's 3 % Daily Cash at Apple, in New York's time: no limit, rounded down.
  static let appleCardAtApple: RealPromotionCase = {
    let us = LocalTerms("America/New_York", "USD")
    return us.table(
      "apple-card-daily-cash-at-apple-2019.json",
      cards: [
        us.card("C1", holder: "H1", .mastercard, issuer: "goldman-sachs"),
        us.card("C2", holder: "H1", .visa, issuer: "chase"),
      ],
      enrollments: [
        us.enrollment("E1", card: "C1", at: "2019-08-20T09:00"),
        us.enrollment("E2", card: "C2", at: "2019-01-01T09:00"),
      ],
      transactions: [
        us.purchase("A", at: "2019-11-02T10:00", "1299.00", merchant: "APPLE STORE #R095"),
        us.purchase("B", at: "2019-11-03T10:00", "0.33", merchant: "Apple.com/bill"),
        us.purchase("C", at: "2019-11-03T10:01", "0.34", merchant: "APPLE.COM/BILL"),
        us.purchase("D", at: "2019-11-04T19:00", "50.00", merchant: "Applebee's Grill"),
        us.purchase("E", at: "2019-11-05T12:00", "999.99", merchant: "Apple Online Store"),
        us.purchase(
          "F", at: "2019-11-06T12:00", "999.00", merchant: "Apple Store Fifth Avenue",
          method: .card),
        us.purchase("G", card: "C2", at: "2019-11-07T12:00", "500.00", merchant: "Apple Store"),
        us.purchase(
          "H", at: "2019-11-08T12:00", "100.00", merchant: "apple.com/us", refunded: "40.00"),
        us.purchase(
          "I", at: "2019-11-09T12:00", "100.00", merchant: "Apple Store Opéra", currency: "EUR"),
        // Before the card was bound.
        us.purchase("J", at: "2019-08-19T12:00", "100.00", merchant: "Apple Store"),
      ],
      expected: [
        ("A", .paid("38.97", ordinal: 1)),
        // 3 % of 0.33 is 0.0099: zero cents.
        ("B", .refused(.belowMinimum)), ("C", .paid("0.01", ordinal: 2)),
        ("D", .refused(.notListedMerchant)),
        // 3 % of 999.99 is 29.9997.
        ("E", .paid("29.99", ordinal: 3)), ("F", .refused(.notApplePay)),
        ("G", .refused(.otherIssuer)),
        // 3 % of 60.00 kept.
        ("H", .paid("1.80", ordinal: 4)), ("I", .refused(.foreignCurrency)),
        ("J", .refused(.notEnrolled)),
      ])
  }()

  /// BOCHK at PARKnSHOP, until 2016-08-31: HK$10 more on each single HK$500 paid by Apple Pay
  /// with a BOC Visa or Mastercard, no limit.
  static let parknshop: RealPromotionCase = {
    let hk = LocalTerms("Asia/Hong_Kong", "HKD")
    return hk.table(
      "bochk-parknshop-applepay-2016.json",
      cards: [
        hk.card("C1", holder: "H1", .visa, issuer: "bochk"),
        hk.card("C2", holder: "H1", .unionpay, issuer: "bochk"),
        hk.card("C3", holder: "H2", .mastercard, issuer: "hsbc-hk"),
      ],
      enrollments: ["C1", "C2", "C3"].enumerated().map {
        hk.enrollment("E\($0.offset + 1)", card: $0.element, at: "2016-01-01T09:00")
      },
      transactions: [
        hk.purchase("A", at: "2016-08-31T20:00", "500.00", merchant: "PARKnSHOP Tai Koo"),
        hk.purchase("B", at: "2016-08-31T21:00", "499.99", merchant: "百佳超級市場"),
        hk.purchase("C", at: "2016-08-31T23:59:59", "600.00", merchant: "TASTE Festival Walk"),
        hk.purchase("D", card: "C2", at: "2016-08-20T12:00", "800.00", merchant: "PARKnSHOP"),
        hk.purchase("E", at: "2016-09-01T00:00", "500.00", merchant: "PARKnSHOP"),
        hk.purchase("F", at: "2016-08-15T12:00", "700.00", merchant: "Wellcome Causeway Bay"),
        // By card it earns the HK$50 voucher, which is not Apple Pay's and not in the file.
        hk.purchase(
          "G", at: "2016-08-16T12:00", "800.00", merchant: "GREAT FOOD HALL", method: .card),
        hk.purchase("H", at: "2016-08-17T12:00", "500.00", merchant: "Great Food Hall Pacific"),
        hk.purchase("I", card: "C3", at: "2016-08-17T13:00", "500.00", merchant: "PARKnSHOP"),
      ],
      expected: [
        ("A", .paid("10.00", ordinal: 2)), ("B", .refused(.belowMinimum)),
        // No limit: a second purchase the same day earns again.
        ("C", .paid("10.00", ordinal: 3)), ("D", .refused(.ineligibleNetwork)),
        ("E", .refused(.outsideCampaign)), ("F", .refused(.notListedMerchant)),
        ("G", .refused(.notApplePay)), ("H", .paid("10.00", ordinal: 1)),
        ("I", .refused(.otherIssuer)),
      ])
  }()
}
