// FeedPlugins: placeholder until its issue lands.
