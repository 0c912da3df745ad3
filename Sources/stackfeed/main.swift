import StackfeedCLI

Stackfeed.main(plugins: [])
