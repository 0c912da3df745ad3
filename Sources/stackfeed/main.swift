import Foundation
import StackfeedCLI

exit(Stackfeed.main(CommandLine.arguments))
