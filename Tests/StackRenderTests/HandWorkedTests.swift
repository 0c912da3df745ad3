import StackLayout
import StackRender
import Testing

/// Every expected value here is worked out by hand in `TinyCard`'s comment.
@Suite("Hand-worked drawings of a tiny card")
struct HandWorkedTests {
  @Test("the row is laid out as worked out by hand")
  func layoutMatchesHandWork() {
    let row = TinyCard.row
    #expect(row.height == 52)
    #expect(row.layout.frame(id: "swatch") == Rect(x: 10, y: 10, width: 80, height: 20))
    #expect(row.layout.frame(id: "label") == Rect(x: 10, y: 30, width: 80, height: 12))
  }

  @Test("SVG draws the box as a rounded translucent rect and the label in a viewport at its frame, held to its width")
  func svg() throws {
    let lines = try SVGRenderer().render([TinyCard.row], width: 100).split(separator: "\n").map(String.init)
    #expect(lines.count == 8)
    #expect(
      lines.dropFirst().first?.hasPrefix(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="52" viewBox="0 0 100 52""#) == true)
    #expect(
      Array(lines.dropFirst(2)) == [
        ##"<rect width="100" height="52" fill="#F2F2F2"/>"##,
        #"<g data-kind="tiny" data-id="t1" transform="translate(0,0)">"#,
        ##"<rect x="10" y="10" width="80" height="20" rx="4" fill="#FF0000" fill-opacity="0.502"/>"##,
        ##"<svg x="10" y="30" width="80" height="12"><text font-size="10" font-weight="700" fill="#FFFFFF" text-anchor="middle" letter-spacing="0.12" xml:space="preserve"><tspan x="40" y="9.555" textLength="10.421" lengthAdjust="spacingAndGlyphs">Hi</tspan></text></svg>"##,
        "</g>",
        "</svg>",
      ])
  }

  @Test("HTML nests the nodes with their frames, ids, actions and the label as an inline SVG of its frame")
  func html() {
    let html = HTMLRenderer().render([TinyCard.row], width: 100)
    let expected = """
      <div class="row" data-kind="tiny" data-id="t1" style="height:52px">
      <div class="n" style="left:0px;top:0px;width:100px;height:52px">
      <div class="n" data-id="swatch" style="left:10px;top:10px;width:80px;height:20px;background-color:rgba(255,0,0,0.502);border-radius:4px"></div>
      <div class="n t" data-id="label" data-action="wave" style="left:10px;top:30px;width:80px;height:12px"><svg xmlns="http://www.w3.org/2000/svg" width="80" height="12"><text font-size="10" font-weight="700" fill="#FFFFFF" text-anchor="middle" letter-spacing="0.12" xml:space="preserve"><tspan x="40" y="9.555" textLength="10.421" lengthAdjust="spacingAndGlyphs">Hi</tspan></text></svg></div>
      </div>
      </div>
      </div>
      </body>
      </html>

      """
    #expect(html.hasSuffix(expected))
    #expect(html.contains(#"<div class="feed" style="width:100px">"#))
  }

  @Test("text draws the box 16 cells wide and the label centred on the row its line falls on")
  func text() {
    // 20 columns for 100 pt: 0.2 cells per point across, 0.1 down; 52 pt → 5 rows.
    // Box: columns 2…17, rows 1…2, its id in the top edge. Line middle at 30 + 0.033 + 5.967 = 36 pt → row 3;
    // "Hi" centred in 16 cells starts at column 2 + 7 = 9.
    let text = TextRenderer(columns: 20).render([TinyCard.row], width: 100)
    #expect(
      text == """
        ▸ tiny t1 · 52 pt

          ╭ swatch ──────╮
          ╰──────────────╯
                 Hi


        """)
  }
}
