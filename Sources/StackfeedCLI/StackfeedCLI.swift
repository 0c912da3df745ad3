// StackfeedCLI: placeholder until its issue lands.
