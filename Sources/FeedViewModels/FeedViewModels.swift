// FeedViewModels: placeholder until its issue lands.
