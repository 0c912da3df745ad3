import Hashing
import Testing

@Suite struct SHA256Tests {
  @Test(arguments: [
    // FIPS 180-2 appendix B, and the empty message.
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    // 55 and 56 bytes: the last length that fits one padded block, and the first that needs two.
    (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
    (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
    // A digest whose fifth word begins with a zero digit: each word is written as 8 digits.
    ("2", "d4735e3a265e16eee03f59718b9b5d03019c07d8b6c51f90da3a666eec13ab35"),
  ])
  func digestsMatchTheStandardVectors(message: String, digest: String) {
    #expect(SHA256.hexDigest(message.utf8) == digest)
  }
}
