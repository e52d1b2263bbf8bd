import WalletCLI

WalletCommandLine.main()
