// FeedStore: placeholder until its issue lands.
