print("stackfeed: not built yet")
