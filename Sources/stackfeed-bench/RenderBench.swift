import CivilTime
import FeedPlugins
import Foundation
import JSONCore
import StackLayout
import StackRender

/// `stackfeed-bench render`: `render --format json` of the reference feed plus `--rows` generated items
/// (default 10,000), in process, and how its time splits.
///
/// `render.load`: reading the rows and building their card trees (`FeedCards`); `render.layout`: laying every
/// card out at width 390, text measurement excluded; `render.text`: the text measurer's share of that layout
/// (a fresh cache per run, as in a new process); `render.encode`: writing the laid-out rows as
/// `stackfeed.render/1` JSON; `render.total`: the streaming pipeline the command runs, in rows/s;
/// `render.bytes.indented` and `render.bytes.compact`: the encoder's output in MB/s (`bytesPerSecond`), the
/// figure `scripts/bench-encoder.sh` sets beside orjson's.
enum RenderBench: BenchCommand {
  static let name = "render"
  static let summary = "render --format json: rows/s and the split between loading, layout, text and encoding"
  static let width = 390.0

  static func run(_ options: BenchOptions) throws -> [Figure] {
    let rows = options.cards
    let database = try BenchDatabase.open(try BenchDatabase.path(rows: rows))
    var load: [Double] = []
    var layout: [Double] = []
    var text: [Double] = []
    var encode: [Double] = []
    var total: [Double] = []
    var indentedRates: [Double] = []
    var compactRates: [Double] = []
    var count = 0
    for _ in 0..<options.reps {
      let cards = FeedCards(composer: try BenchDatabase.composer(database))
      var loaded: [FeedCard] = []
      load.append(Stopwatch.seconds { loaded = Array(cards) })
      try cards.finish()
      count = loaded.count
      let measurer = TimedMeasurer(base: CachingTextMeasurer(base: StandardTextMeasurer(scale: 3)))
      let engine = LayoutEngine(measurer: measurer)
      var laidOut: [RenderRow] = []
      let layoutAndText = Stopwatch.seconds { laidOut = loaded.map { $0.renderRow(width: width, engine: engine) } }
      text.append(measurer.seconds)
      layout.append(layoutAndText - measurer.seconds)
      var sink = ByteSink()
      encode.append(Stopwatch.seconds { JSONRenderer().render(laidOut, width: width, to: &sink) })
      let (indented, compact) = bytesPerSecond(laidOut)
      indentedRates.append(indented)
      compactRates.append(compact)
      let streamed = FeedCards(composer: try BenchDatabase.composer(database))
      let streamEngine = LayoutEngine(measurer: CachingTextMeasurer(base: StandardTextMeasurer(scale: 3)))
      var streamSink = ByteSink()
      total.append(
        Stopwatch.seconds {
          let rows = streamed.lazy.map { $0.renderRow(width: width, engine: streamEngine) }
          JSONRenderer().render(rows, width: width, to: &streamSink)
        })
      try streamed.finish()
      guard streamSink.total == sink.total, sink.total > 0 else {
        throw BenchError(code: 70, description: "the streamed document differs from the phased one")
      }
    }
    let perRow = { (times: [Double]) in Stopwatch.median(times) * 1e6 / Double(count) }
    return [
      Figure(name: "render.load", value: perRow(load), unit: "us/row", cards: count),
      Figure(name: "render.layout", value: perRow(layout), unit: "us/row", cards: count),
      Figure(name: "render.text", value: perRow(text), unit: "us/row", cards: count),
      Figure(name: "render.encode", value: perRow(encode), unit: "us/row", cards: count),
      Figure(name: "render.total", value: Double(count) / Stopwatch.median(total), unit: "rows/s", cards: count),
      Figure(name: "render.bytes.indented", samples: indentedRates, unit: "MB/s", cards: count),
      Figure(name: "render.bytes.compact", samples: compactRates, unit: "MB/s", cards: count),
    ]
  }

  /// The encoder's bytes per second (10⁶ bytes) on the laid-out rows, the whole document into one buffer (as a
  /// JSON library's `dumps` makes it): indented, as the CLI writes it, and compact, as the HTTP API sends it
  /// (the renderer's compact style).
  static func bytesPerSecond(_ rows: [RenderRow]) -> (indented: Double, compact: Double) {
    var indentedBytes = 0
    var compactBytes = 0
    let indented = Stopwatch.seconds {
      var out = ByteBuffer(capacity: 1 << 16)
      JSONRenderer().render(rows, width: width, to: &out)
      indentedBytes = out.count
    }
    let compact = Stopwatch.seconds {
      var out = ByteBuffer(capacity: 1 << 16)
      JSONRenderer(style: .compact).render(rows, width: width, to: &out)
      compactBytes = out.count
    }
    return (Double(indentedBytes) / indented / 1e6, Double(compactBytes) / compact / 1e6)
  }
}

/// A text measurer that adds up the time spent in `base`.
final class TimedMeasurer: TextMeasuring, @unchecked Sendable {
  private let base: any TextMeasuring
  private let clock = ContinuousClock()
  private var elapsed = Duration.zero

  init(base: any TextMeasuring) {
    self.base = base
  }

  /// Seconds spent measuring so far.
  var seconds: Double {
    elapsed.totalSeconds
  }

  func measure(_ text: String, font: FontStyle, maxLines: Int, maxWidth: Double?) -> TextMeasurement {
    let start = clock.now
    let result = base.measure(text, font: font, maxLines: maxLines, maxWidth: maxWidth)
    elapsed += clock.now - start
    return result
  }
}

/// An output stream that copies what it is given into a 64 KiB block, as the command's output does, and
/// counts the bytes.
struct ByteSink: TextOutputStream {
  private var block: [UInt8] = []
  private(set) var total = 0

  mutating func write(_ string: String) {
    block.append(contentsOf: string.utf8)
    total += string.utf8.count
    if block.count >= 1 << 16 { block.removeAll(keepingCapacity: true) }
  }
}
