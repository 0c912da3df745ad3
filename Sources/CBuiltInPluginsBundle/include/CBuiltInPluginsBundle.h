#ifndef C_BUILT_IN_PLUGINS_BUNDLE_H
#define C_BUILT_IN_PLUGINS_BUNDLE_H

#include "CStackfeedBundle.h"

/// The built-in row kinds' files: `Migrations/<kind>/` and `Seeds/<kind>/` of `header`, `feed_item` and `order`.
extern const StackfeedBundle stackfeed_built_in_plugins_bundle;

#endif
