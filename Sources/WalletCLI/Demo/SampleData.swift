// The sample data of data/sample, compiled in so that `wallet demo` works from any folder and
// with nothing but the binary. Written by hand, byte for byte: each literal below is the file's
// text, and SampleDataTests fails the moment one of them differs from data/sample. After
// changing a sample file, paste its text here between the delimiters (the blank line before
// each closing delimiter is the file's final newline).

/// The sample cards, enrollments, transactions and postings files.
enum SampleData {
  /// `data/sample/cards.csv`: seven cards of four holders.
  static let cards = #"""
    card,holder,network,type,role,issuer,last4
    C-WF-CREDIT,H001,unionpay,credit,primary,bocom,1234
    C-WF-SUPP,H001,UnionPay,credit,supplementary,bocom,5678
    C-LL-VISA,H002,visa,credit,primary,BOCOM,4321
    C-ZW-DEBIT,H003,银联,debit,primary,bocom,2468
    C-ZW-CMB,H003,mastercard,credit,primary,cmb,1357
    C-ZW-BOCOM,H003,unionpay,credit,primary,bocom,8642
    C-CJ-MC,H004,MC,credit,primary,bocom,9753

    """#

  /// `data/sample/enrollments.csv`: their Apple Pay bindings.
  static let enrollments = #"""
    id,card,channel,enrolled_at,removed_at
    E-WF-1,C-WF-CREDIT,bank-app,2026-05-10T09:00:00+08:00,
    E-WF-SUPP,C-WF-SUPP,wallet,2026-07-01T20:15:00+08:00,
    E-LL-1,C-LL-VISA,wallet,2026-06-01T08:00:00+08:00,2026-09-15T12:00:00+08:00
    E-LL-2,C-LL-VISA,bank-app,2026-10-01T10:30:00+08:00,
    ,C-ZW-DEBIT,bank-app,2026-07-01T00:00:00,
    ,C-ZW-CMB,wallet,2026-07-01T00:00:00,
    E-ZW-BOCOM,C-ZW-BOCOM,wallet,2026-08-01T12:00:00+08:00,
    E-CJ-WALLET,C-CJ-MC,wallet,2026-06-01T18:00:00+08:00,
    E-CJ-APP,C-CJ-MC,bank-app,2026-06-15T18:00:00+08:00,

    """#

  /// `data/sample/transactions.csv`: the purchases.
  static let transactions = #"""
    id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc
    T1001,C-WF-CREDIT,2026-05-28T19:42:10+08:00,268.00,CNY,apple-pay,settled,,,盒马鲜生,5411
    T1002,C-WF-CREDIT,2026-06-03T12:05:00+08:00,150.00,CNY,apple-pay,settled,,,星巴克,5814
    T1003,C-WF-CREDIT,2026-06-21T23:59:59+08:00,120.00,CNY,apple-pay,settled,,,"全家 FamilyMart, 静安店",5499
    T1004,C-WF-CREDIT,2026-06-22T00:00:00+08:00,100.00,CNY,apple-pay,settled,,,滴滴出行,4121
    T1005,C-WF-SUPP,2026-07-25T15:30:00+08:00,320.00,CNY,apple-pay,settled,,E-WF-SUPP,优衣库,5651
    T1006,C-WF-CREDIT,2026-08-30T11:11:11+08:00,99.99,CNY,apple-pay,settled,,,美团外卖,5812
    T1007,C-WF-CREDIT,2026-09-01T09:00:00+08:00,450.00,CNY,apple-pay,settled,,,Apple Store 南京东路,5732
    T1008,C-WF-CREDIT,2026-10-05T18:20:00+08:00,200.00,CNY,apple-pay,settled,,,海底捞,5812
    T2001,C-LL-VISA,2026-06-10T13:00:00+08:00,130.00,CNY,apple-pay,settled,,,屈臣氏,5912
    T2002,C-LL-VISA,2026-07-23T10:00:00+08:00,210.00,CNY,apple-pay,settled,150.00,,京东到家,5411
    T2003,C-LL-VISA,2026-07-30T21:00:00+08:00,180.00,CNY,apple-pay,declined,,,喜茶,5814
    T2004,C-LL-VISA,2026-08-15T14:45:00+08:00,500.00,CNY,apple-pay,refunded,500.00,,无印良品,5311
    T2005,C-LL-VISA,2026-09-20T16:00:00+08:00,300.00,CNY,apple-pay,settled,,,万达影城,7832
    T2006,C-LL-VISA,2026-10-08T12:30:00+08:00,150.00,CNY,card,settled,,,中石化加油站,5541
    T2007,C-LL-VISA,2026-10-09T08:15:00+08:00,150.00,CNY,apple-pay,settled,,,中石化加油站,5541
    T2008,C-LL-VISA,2026-11-21T16:00:00Z,188.00,CNY,apple-pay,settled,,,永辉超市,5411
    T3001,C-ZW-DEBIT,2026-08-02T10:00:00+08:00,500.00,CNY,apple-pay,settled,,,宜家家居,5712
    T3002,C-ZW-CMB,2026-08-03T10:00:00+08:00,400.00,CNY,apple-pay,settled,,,宜家家居,5712
    T3003,C-ZW-BOCOM,2026-08-05T22:10:00+08:00,250.00,USD,apple-pay,settled,,,App Store,5818
    T3004,C-ZW-BOCOM,2026-08-06T09:30:00+08:00,100,CNY,apple-pay,settled,,,罗森,5499
    T3005,C-ZW-BOCOM,2026-07-20T12:00:00+08:00,260.00,CNY,apple-pay,settled,,,西贝莜面村,5812
    T3006,C-ZW-BOCOM,2026-09-25 12:00,120.00,CNY,apple-pay,pending,,,携程旅行,4722
    T4001,C-CJ-MC,2026-06-20T20:00:00+08:00,100.5,CNY,apple-pay,settled,,,大众点评,5812
    T4002,C-CJ-MC,2026-11-25T10:00:00+08:00,600.00,CNY,apple-pay,settled,,E-CJ-APP,茑屋书店,5942
    T4003,C-CJ-MC,2026-11-25T10:00:00+08:00,350.00,CNY,apple-pay,settled,,,茑屋书店,5942

    """#

  /// `data/sample/postings.csv`: what the issuer posted, one case of each reconciliation status.
  static let postings = #"""
    id,card,date,kind,amount,transaction,reverses,description
    P-1001,C-WF-CREDIT,2026-07-10,credit,10.00,T1001,,刷卡金返还
    P-1004,C-WF-CREDIT,2026-08-10,credit,15.00,T1004,,刷卡金返还
    P-1005,C-WF-SUPP,2026-09-05,credit,15.00,,,刷卡金返还 (附属卡)
    P-1007,C-WF-CREDIT,2026-10-28,credit,20.00,T1007,,刷卡金返还
    P-2001,C-LL-VISA,2026-07-05,credit,5.00,,,刷卡金返还
    P-2002,C-LL-VISA,2026-08-05,credit,10.00,T2002,,刷卡金返还
    P-2002-BACK,C-LL-VISA,2026-08-12,clawback,10.00,T2002,P-2002,刷卡金扣回 (部分退货)
    P-2004,C-LL-VISA,2026-09-05,credit,10.00,T2004,,刷卡金返还
    P-2004-BACK,C-LL-VISA,2026-09-12,clawback,10.00,T2004,P-2004,刷卡金扣回 (退货)
    P-2007,C-LL-VISA,2026-11-05,credit,10.00,,,刷卡金返还
    P-2099,C-LL-VISA,2026-11-06,credit,5.00,,,刷卡金返还
    P-3004,C-ZW-BOCOM,2026-09-01,credit,5.00,T3004,,刷卡金返还
    P-3004-BACK,C-ZW-BOCOM,2026-09-10,clawback,5.00,,,刷卡金扣回
    P-4001,C-CJ-MC,2026-07-01,credit,5.00,,,刷卡金返还
    P-4099,C-CJ-MC,2026-11-15,clawback,8.00,,,刷卡金扣回

    """#

  /// `data/requests/unionpay-emv-cny.json`: a merchant's Apple Pay request, UnionPay only, EMV.
  static let paymentRequest = #"""
    {
      "merchantIdentifier": "merchant.cn.freshhema",
      "merchantName": "盒马鲜生",
      "countryCode": "CN",
      "currencyCode": "CNY",
      "supportedNetworks": ["chinaUnionPay"],
      "merchantCapabilities": ["emv", "credit", "debit"],
      "paymentSummaryItems": [
        { "label": "生鲜", "amount": "128.00" },
        { "label": "配送费", "amount": "8.00" },
        { "label": "优惠券", "amount": "-10.00" },
        { "label": "盒马鲜生", "amount": "126.00" }
      ],
      "mcc": "5411",
      "time": "2026-11-28T11:30:00+08:00"
    }

    """#
}
