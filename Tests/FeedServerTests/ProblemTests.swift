import StackfeedTestSupport
import Testing

/// Bad requests are 400 problems (RFC 9457) naming the parameter, with the same sentences as the command line's
/// options where the option is shared (the parsers are the same, FeedOptions).
@Suite("FeedAPI: problems naming the parameter")
struct ProblemTests {
  static let cases: [(target: String, parameter: String, detail: String)] = [
    ("/v1/feed?limit=abc", "limit", #"limit takes an integer from 1 to 500, not \"abc\""#),
    ("/v1/feed?limit=0", "limit", #"limit takes an integer from 1 to 500, not \"0\""#),
    ("/v1/feed?limit=501", "limit", #"limit takes an integer from 1 to 500, not \"501\""#),
    ("/v1/render?limit=101", "limit", #"limit takes an integer from 1 to 100, not \"101\""#),
    ("/v1/feed?limit=1&limit=2", "limit", "limit is given more than once"),
    ("/v1/feed?pretty=1&pretty=1", "pretty", "pretty is given more than once"),
    ("/v1/changes?since=1&since=2", "since", "since is given more than once"),
    ("/v1/events?since=1&since=2", "since", "since is given more than once"),
    ("/v1/feed?limit", "limit", "limit needs a value (limit=…)"),
    (
      "/v1/feed?after=garbage", "after", #"after takes a cursor printed by an earlier list (\"next\"), not \"garbage\""#
    ),
    ("/v1/feed?after=nokind:1:1:1", "after", #"the cursor \"nokind:1:1:1\" names the unknown row kind \"nokind\""#),
    (
      "/v1/feed?time_zone=Mars/Olympus", "time_zone",
      #"unknown time zone \"Mars/Olympus\" (expected an IANA name such as Europe/Paris)"#
    ),
    ("/v1/feed?colour=red", "colour", #"unknown parameter \"colour\""#),
    ("/v1/render?width=-5", "width", #"width takes a number of points from 1 to 10000, not \"-5\""#),
    ("/v1/rows/header/profile?width=0", "width", #"width takes a number of points from 1 to 10000, not \"0\""#),
    ("/v1/render?format=pdf", "format", #"format takes json or svg or html, not \"pdf\""#),
    ("/v1/render?format=text", "format", #"format takes json or svg or html, not \"text\""#),
    ("/v1/stack?state=sideways", "state", #"state takes collapsed or expanded or transit, not \"sideways\""#),
    ("/v1/stack?translation=abc", "translation", #"translation takes a number, not \"abc\""#),
    (
      "/v1/stack?translation=521", "translation",
      "translation must be between 0 and 520 (expanded-height − collapsed-height), got 521"
    ),
    ("/v1/stack?state=expanded&translation=10", "translation", "translation only applies to state transit"),
    ("/v1/stack?card-height=0", "card-height", "card-height must be greater than 0, got 0"),
    (
      "/v1/stack?collapsed-height=800", "expanded-height",
      "expanded-height (720) must be greater than collapsed-height (800)"
    ),
    ("/v1/stack?own-height=1", "own-height", "own-height takes no value"),
    ("/v1/stack?after=header:0:0:-", "after", #"unknown parameter \"after\""#),
    ("/?width=wide", "width", #"width takes a number of points from 1 to 10000, not \"wide\""#),
    ("/?colour=red", "colour", #"unknown parameter \"colour\""#),
  ]

  @Test("a bad parameter is a 400 problem naming it, in the option's own words", arguments: cases)
  func badParameter(target: String, parameter: String, detail: String) throws {
    let response = try TestAPI().get(target)
    #expect(response.status == 400)
    #expect(
      response.text
        == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"\#(detail)","parameter":"\#(parameter)"}"#
    )
  }
}
