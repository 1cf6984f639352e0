//! The `arbitre` command. See [`arbitre::cli`].

fn main() -> std::process::ExitCode {
    let code = arbitre::cli::run(std::env::args_os(), &mut std::io::stdout().lock(), &mut std::io::stderr().lock());
    std::process::ExitCode::from(code)
}
