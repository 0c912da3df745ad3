import PromoPlugin
import StackfeedCLI

// The whole `stackfeed` command line with the built-in kinds plus `promo`.
Stackfeed.main(plugins: [PromoPlugin()])
