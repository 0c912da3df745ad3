/// The `stackfeed` subcommands, in the order `--help` lists them.
public enum CommandRegistry {
  /// Every command. A new command is one file and one line here. A name of two words (`token create`) makes
  /// the first a group: `stackfeed token` alone asks for one of the group's commands.
  public static let commands: [any Command.Type] = [
    MigrateCommand.self,
    SeedCommand.self,
    ListCommand.self,
    LayoutCommand.self,
    RenderCommand.self,
    GalleryCommand.self,
    ServeCommand.self,
    WatchCommand.self,
    TokenCreateCommand.self,
    TokenListCommand.self,
    TokenRevokeCommand.self,
    UsersCommand.self,
    ProductsCommand.self,
    HelpCommand.self,
  ]

  /// The command named `name`, if any.
  public static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.name == name }
  }
}
