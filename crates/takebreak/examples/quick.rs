//! Quick timing: `cargo run --release -p sprague-takebreak --example quick -- CODE N METHOD`.
use sprague_takebreak::{run, Config, Control, Method, TakeBreak};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rule = if args[1] == "grundy" {
        TakeBreak::grundy()
    } else {
        TakeBreak::octal(&args[1]).unwrap()
    };
    let to: u64 = args[2].parse().unwrap();
    let method = match args[3].as_str() {
        "plain" => Method::Plain,
        "rare" => Method::RareCommon,
        "naive" => Method::Naive,
        _ => Method::Auto,
    };
    let prove = args.get(4).is_none();
    let config = Config {
        to,
        horizon: to,
        stop_when_proven: prove,
        method,
        threads: 1,
    };
    let start = std::time::Instant::now();
    let out = run(&rule, config, None, Control::default()).unwrap();
    println!(
        "{:?} len {} status {:?} period {:?} stats {:?} checksum {:x} in {:?}",
        rule.to_string(),
        out.table.len(),
        out.status,
        out.periodicity.map(|p| (p.preperiod, p.period, p.proven)),
        out.stats,
        out.table.checksum(),
        start.elapsed()
    );
}
