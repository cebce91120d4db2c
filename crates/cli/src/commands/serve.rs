//! `sprague serve [--port N] [--host ADDR] [--open]`: the web playground and its JSON API
//! (the `sprague-web` crate), on 127.0.0.1 unless another host is given. Prints the URL,
//! optionally opens it with `xdg-open`, and stops cleanly on Ctrl-C (requests in flight are
//! finished first).

use crate::error::CliError;

/// Arguments of `sprague serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; only an explicit one other than 127.0.0.1 exposes the server.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in a browser (with xdg-open).
    #[arg(long)]
    pub open: bool,
}

/// Serves until Ctrl-C.
pub fn run(args: &Args) -> Result<(), CliError> {
    let open = args.open;
    sprague_web::run_until_interrupted(&args.host, args.port, |address| {
        let url = format!("http://{address}/");
        say(&format!("sprague serving {url} (Ctrl-C stops it)"));
        if open {
            open_browser(&url);
        }
    })
    .map_err(|error| {
        CliError::Usage(format!(
            "could not serve on {}:{}: {error}",
            args.host, args.port
        ))
    })?;
    say("sprague server stopped");
    Ok(())
}

/// Tries `xdg-open URL`; says so when it cannot.
fn open_browser(url: &str) {
    match std::process::Command::new("xdg-open")
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => say(&format!("opening {url} in a browser")),
        Err(error) => say(&format!(
            "could not open a browser ({error}); open {url} yourself"
        )),
    }
}

/// Prints a line on standard output; a closed output does not stop the server.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}
