import CivilTime
import FeedStore
import HTTPServer
import ImageCore
import JSONCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FeedAPI {
  /// `GET /v1/images?limit=N&after=NAME`: the stored images by name, `{"images": [IMAGE, …], "next": NAME|null}`
  /// (``imageDocument(_:)``), a page of at most `limit` (default 100, at most 500).
  func imageList(
    _ request: HTTPRequest, parameters: [HTTPField], form: JSONForm, as given: Caller?, usedToken: inout String?
  ) throws -> HTTPResponse {
    var query = Query(parameters)
    let limit = try query.pageLimit(maximum: 500) ?? 100
    let after = try query.value(of: "after")
    try query.finish()
    let needed = Endpoint.images.scope(requireAuth: requireAuth)
    let page = try read(request, needing: needed, as: given, usedToken: &usedToken) { snapshot, _ in
      try Images(snapshot.database).list(after: after, limit: limit + 1)
    }
    var body = ByteBuffer(capacity: 256 * min(page.count, limit) + 64)
    body.append(literal: #"{"images": ["#)
    for (index, info) in page.prefix(limit).enumerated() {
      if index > 0 { body.append(literal: ", ") }
      Self.imageDocument(info, to: &body)
    }
    body.append(literal: #"], "next": "#)
    if page.count > limit, let last = page.prefix(limit).last {
      JSONWriter.string(last.name, to: &body)
    } else {
      body.append(literal: "null")
    }
    body.append(literal: "}\n")
    let answer = HTTPResponse.ok(body.bytes, type: MediaType.json)
    let gzipFrom = AcceptEncoding(request).gzipFrom(threshold: Self.gzipThreshold)
    return Self.encoded(Self.tagged(form.apply(to: answer)), gzipFrom: gzipFrom, compresses: compresses)
  }

  /// The answer at `/v1/images/{name}`: `GET`/`HEAD` the image (``imageBytes(_:named:parameters:as:usedToken:)``),
  /// `PUT` stores the body as the image (admin), `DELETE` deletes it (admin).
  func imageAnswer(
    _ request: HTTPRequest, named name: String, parameters: [HTTPField], form: JSONForm, as given: Caller?,
    usedToken: inout String?
  ) throws -> HTTPResponse {
    switch request.method {
    case "PUT":
      return try putImage(request, named: name, parameters: parameters, form: form, as: given, usedToken: &usedToken)
    case "DELETE":
      return try deleteImage(request, named: name, parameters: parameters, as: given, usedToken: &usedToken)
    default: return try imageBytes(request, named: name, parameters: parameters, as: given, usedToken: &usedToken)
    }
  }

  /// `PUT /v1/images/{name}`: the body, whatever its `Content-Type`, checked as ``CheckedImage`` checks it
  /// (413 more than ``ImageLimits/bytes`` or pixels, 415 not JPEG/PNG/WebP by its bytes, 422 unreadable) before
  /// the store is touched, then stored in one write as the image `name`: 201 new (with `Location`), 200
  /// replaced; the image's document either way. `If-Match` (the image's `ETag`) and `If-None-Match: *` are
  /// checked in that write. Once it committed, the variants kept of the image are let go (``ImageVariants``).
  private func putImage(
    _ request: HTTPRequest, named name: String, parameters: [HTTPField], form: JSONForm, as given: Caller?,
    usedToken: inout String?
  ) throws -> HTTPResponse {
    guard !request.bodyExceedsLimit else { throw Self.refusal(ImageRefusal(.tooLarge, Self.tooManyBytes)) }
    let needed = Endpoint.image(name: name).scope(of: request.method, requireAuth: requireAuth)
    _ = try checkPresented(request, needing: needed, as: given)
    try Query(parameters).finish()
    if let problem = TextRule.identifier.problem(with: name) {
      throw Problem(status: 422, detail: "the image name \(problem)")
    }
    let info: ImageInfo
    do {
      info = try ImageInfo(name: name, checking: request.body)
    } catch {
      throw Self.refusal(error)
    }
    let conditions = WriteConditions(request)
    let written = try source.write { db in
      let authentication = try authenticate(request, needing: needed, as: given, in: db, writing: true)
      usedToken = authentication.token
      let images = Images(db)
      let current = try images.info(named: name)
      if current == nil, conditions.ifMatch != nil {  // nothing to match (RFC 9110 §13.1.1)
        throw Problem(status: 412, detail: "If-Match names a version of \(request.path), which does not exist")
      }
      if let current { try conditions.check(current: [Self.originalTag(current)], request) }
      let created = try images.put(info, bytes: request.body)
      if current?.version != info.version { try recordImageChange(in: db) }
      return created
    }
    imageVariants.forget(name)
    var body = ByteBuffer(capacity: 256)
    Self.imageDocument(info, to: &body)
    body.append(literal: "\n")
    var headers = [HTTPField("Content-Type", MediaType.json), HTTPField("Cache-Control", "no-store")]
    let created = written.value
    if created { headers.append(HTTPField("Location", info.path)) }
    let response = HTTPResponse(status: created ? 201 : 200, headers: headers, body: body.bytes)
    return CommitHeader.adding(written.version, to: form.apply(to: response))
  }

  /// `DELETE /v1/images/{name}` (admin): 204, or 404 when there is no such image; `If-Match` checked in the
  /// write. Once it committed, the variants kept of the image are let go: no URL of it answers any more.
  private func deleteImage(
    _ request: HTTPRequest, named name: String, parameters: [HTTPField], as given: Caller?, usedToken: inout String?
  ) throws -> HTTPResponse {
    let needed = Endpoint.image(name: name).scope(of: request.method, requireAuth: requireAuth)
    _ = try checkPresented(request, needing: needed, as: given)
    try Query(parameters).finish()
    let conditions = WriteConditions(request)
    let written = try source.write { db in
      let authentication = try authenticate(request, needing: needed, as: given, in: db, writing: true)
      usedToken = authentication.token
      let images = Images(db)
      let current = try images.info(named: name)
      try conditions.check(current: current.map { [Self.originalTag($0)] }, request)
      if try images.delete(named: name) { try recordImageChange(in: db) }
    }
    imageVariants.forget(name)
    return CommitHeader.adding(
      written.version, to: HTTPResponse(status: 204, headers: [HTTPField("Cache-Control", "no-store")]))
  }

  /// `GET /v1/images/{name}?v=VERSION&w=W&h=H&fit=cover|contain&scale=S&r=R&format=jpeg|webp|avif`: without `w` and
  /// `h` the stored bytes as uploaded; with them the image resized to W×S by H×S pixels (``ImageVariant``'s
  /// bounds, `fit` default `cover`, `scale` default 2) as `format`, else AVIF when `Accept` takes `image/avif` and
  /// libvips writes it, else WebP when `Accept` takes `image/webp`, else JPEG.
  /// A strong `ETag` of the version and the parameters; `Cache-Control: public, max-age=31536000, immutable`
  /// when `v` is the image's version and, resized, `r` the revision of how variants are made (the URL then names
  /// these bytes forever: ``ImageRequest/namesForGood(version:)``), `public, no-cache` otherwise.
  /// Without libvips the stored bytes, never cached for long.
  ///
  /// A URL naming the image's current version needs no token, even under ``requireAuth``: the version (64 bits
  /// of the bytes' SHA-256) is learnt only from an answer that showed the image (an image node's `url`, the
  /// list), and a browser's `<img>` sends no `Authorization`. Any other URL of an image needs the endpoint's scope.
  private func imageBytes(
    _ request: HTTPRequest, named name: String, parameters: [HTTPField], as given: Caller?, usedToken: inout String?
  ) throws -> HTTPResponse {
    var query = Query(parameters)
    let asked = try ImageRequest(&query, accept: request.header("Accept"))
    try query.finish()
    // A kept variant of the version the URL names, which a read showed less than a second ago, is answered
    // before any read of the store (``ImageVariants``; docs/HTTP.md, "Images").
    if let version = asked.version, asked.variant != nil, asked.namesForGood(version: version),
      let kept = imageVariants.trusted(asked.key(name: name, version: version), name: name, version: version)
    {
      return Self.cached(kept, Self.immutable)
    }
    let start = imageVariants.readStart()
    let needed = Endpoint.image(name: name).scope(requireAuth: requireAuth)
    if needed != nil, asked.version != nil,
      let current = try read(
        request, needing: nil, as: given, usedToken: &usedToken,
        { snapshot, _ in
          try image(named: name, asked, in: snapshot, since: start, onlyAtItsVersion: true)
        })
    {
      return current
    }
    return try read(request, needing: needed, as: given, usedToken: &usedToken) { snapshot, _ in
      guard let answer = try image(named: name, asked, in: snapshot, since: start, onlyAtItsVersion: false) else {
        throw Problem(status: 404, detail: "no image named \"\(name)\" (GET /v1/images lists them)")
      }
      return answer
    }
  }

  /// The answer of the image `name` to `asked`, read in `snapshot` (begun at `start`): nil when there is no such
  /// image, or (`onlyAtItsVersion`) when `asked` names another version than its current one. What it shows of
  /// the image is confirmed to the kept variants (``ImageVariants/confirm(_:version:since:)``).
  private func image(
    named name: String, _ asked: ImageRequest, in snapshot: FeedSnapshot, since start: ImageVariants.ReadStart,
    onlyAtItsVersion: Bool
  ) throws -> HTTPResponse? {
    let images = Images(snapshot.database)
    let found = try images.info(named: name)
    imageVariants.confirm(name, version: found?.version, since: start)
    guard let info = found, !onlyAtItsVersion || asked.version == info.version else { return nil }
    let caching = asked.namesForGood(version: info.version) ? Self.immutable : "public, no-cache"
    guard let variant = asked.variant, Vips.isAvailable else {
      guard let (_, bytes) = try images.image(named: name) else { return nil }
      let original = asked.variant == nil
      return HTTPResponse(
        status: 200,
        headers: [
          HTTPField("Content-Type", info.mediaType), HTTPField("ETag", Self.originalTag(info)),
          HTTPField("Cache-Control", original ? caching : "public, no-cache"),
        ],
        body: bytes, logNote: original ? nil : Vips.unavailableReason)
    }
    let key = asked.key(name: name, version: info.version)
    if let kept = imageVariants.variant(for: key) { return Self.cached(kept, caching) }
    guard let (_, bytes) = try images.image(named: name) else { return nil }
    let resized: [UInt8]?
    do {
      resized = try imageVariants.resizing {
        try Vips.resize(
          bytes, width: variant.pixelWidth, height: variant.pixelHeight, crop: variant.fit == .cover,
          to: asked.output, jpegQuality: ImageRequest.jpegQuality(scale: variant.scale),
          background: Self.rgb(info.placeholder))
      }
    } catch {
      throw Problem.internalError(cause: "image \(name) \(info.version): \(error)")
    }
    var headers = [
      HTTPField("Content-Type", asked.output.mediaType),
      HTTPField("ETag", asked.entityTag(of: variant, version: info.version)),
    ]
    if asked.negotiated { headers.append(HTTPField("Vary", "Accept")) }
    let made = HTTPResponse(status: 200, headers: headers, body: resized ?? [])
    imageVariants.keep(made, for: key, name: name, version: info.version)
    return Self.cached(made, caching)
  }

  /// Records, in the image write's transaction `db`, what it changed for the clients following the change log:
  /// one ``FeedChange/reload`` for everyone (docs/HTTP.md, "Images"). A stored, replaced or deleted image
  /// changes the URL (it carries the version) or the placeholder of every image node naming it — the cards of
  /// whatever rows show it, which only their plugins know (a feed item names its image, an order shows its
  /// products', a third-party kind anything), so up to every user's rows — while one reload is one entry of the
  /// log and is right for every viewer.
  private func recordImageChange(in db: StoreConnection) throws {
    try ChangeLog.record([.reload], at: UTCMilliseconds.since1970(seconds: now().timeIntervalSince1970), in: db)
  }

  /// The `Cache-Control` of a URL naming the image's current version: it names these bytes forever.
  static let immutable = "public, max-age=31536000, immutable"

  /// `response` with `Cache-Control: caching`.
  private static func cached(_ response: HTTPResponse, _ caching: String) -> HTTPResponse {
    var response = response
    response.headers.append(HTTPField("Cache-Control", caching))
    return response
  }

  /// The strong `ETag` of an image's stored bytes: its version.
  static func originalTag(_ info: ImageInfo) -> String {
    "\"\(info.version)\""
  }

  /// The red, green and blue of a `#rrggbb` colour; black for anything else.
  private static func rgb(_ hex: String) -> [UInt8] {
    let digits = hex.utf8.dropFirst()
    guard hex.utf8.first == UInt8(ascii: "#"), digits.count == 6, let value = UInt32(String(hex.dropFirst()), radix: 16)
    else { return [0, 0, 0] }
    return [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// The problem answering an image refused by its bytes: 413, 415 or 422.
  static func refusal(_ refusal: ImageRefusal) -> Problem {
    switch refusal.kind {
    case .tooLarge: Problem(status: 413, detail: refusal.description)
    case .unsupported:
      Problem(status: 415, detail: refusal.description + " (PUT takes the bytes of a JPEG, PNG or WebP image)")
    case .unreadable: Problem(status: 422, detail: refusal.description)
    }
  }

  /// The detail of a body longer than an image may be.
  static let tooManyBytes = "the image is larger than \(ImageLimits.bytes >> 20) MiB"

  /// One image as `GET /v1/images` lists it and `PUT` answers: `{"name", "version", "type", "width", "height",
  /// "placeholder", "url"}`, `url` being its stored bytes at this version.
  static func imageDocument(_ info: ImageInfo, to body: inout ByteBuffer) {
    body.append(literal: #"{"name": "#)
    JSONWriter.string(info.name, to: &body)
    body.append(literal: #", "version": "#)
    JSONWriter.string(info.version, to: &body)
    body.append(literal: #", "type": "#)
    JSONWriter.string(info.mediaType, to: &body)
    body.append(literal: #", "width": "#)
    body.append(decimal: info.width)
    body.append(literal: #", "height": "#)
    body.append(decimal: info.height)
    body.append(literal: #", "placeholder": "#)
    JSONWriter.string(info.placeholder, to: &body)
    body.append(literal: #", "url": "#)
    JSONWriter.string(info.url, to: &body)
    body.append(literal: "}")
  }
}
