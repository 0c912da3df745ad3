print("stackfeed-bench: not built yet")
