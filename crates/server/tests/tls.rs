//! The server's own TLS on the loopback interface: a server with `--tls-cert`/`--tls-key` (a
//! certificate made here with rcgen, self-signed for 127.0.0.1) and a client that trusts it
//! plays a match on it over wss; a client that does not trust it is refused by its TLS; a
//! certificate or key file that is not one is an error naming the file.

mod common;

use carrom_online::Plan;
use carrom_server::TlsFiles;
use carrom_server::serve;
use std::path::Path;
use std::time::Duration;

const BOUND: Duration = Duration::from_secs(180);

/// `der` as a PEM block labelled `label`.
fn pem(label: &str, der: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut b64 = String::new();
    for chunk in der.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                b64.push(char::from(ABC[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                b64.push('=');
            }
        }
    }
    let lines: Vec<&str> = (0..b64.len())
        .step_by(64)
        .map(|i| &b64[i..(i + 64).min(b64.len())])
        .collect();
    format!(
        "-----BEGIN {label}-----\n{}\n-----END {label}-----\n",
        lines.join("\n")
    )
}

/// A self-signed certificate for 127.0.0.1 and its key, written as PEM files in `dir`.
fn certificate(dir: &Path) -> TlsFiles {
    let made =
        rcgen::generate_simple_self_signed(vec!["127.0.0.1".into(), "localhost".into()]).unwrap();
    let files = TlsFiles {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    };
    std::fs::write(&files.cert, pem("CERTIFICATE", made.cert.der())).unwrap();
    let key = made.signing_key.serialize_der();
    std::fs::write(&files.key, pem("PRIVATE KEY", &key)).unwrap();
    files
}

/// A client asking for a quick one-board match (the server's computer, after its wait).
fn plan(server: String, ca: Option<&Path>) -> Plan {
    Plan {
        retry: Duration::ZERO,
        ca: ca.map(Path::to_path_buf),
        ..common::beginner(&server, "Asha", carrom_online::Mode::Singles)
    }
}

#[test]
fn a_client_that_trusts_the_servers_certificate_plays_a_match_over_wss() {
    let dir = tempfile::tempdir().unwrap();
    let files = certificate(dir.path());
    common::runtime().block_on(async {
        let mut config = common::loopback(dir.path());
        config.seed = Some(7);
        config.computer_after = Duration::from_secs(1);
        config.tls = Some(files.clone());
        let running = serve(config).await.unwrap();
        let url = format!("wss://{}", running.addr);
        let stranger = carrom_online::play(plan(url.clone(), None), |_| {}).await;
        let why = stranger.expect_err("refused").to_string();
        assert!(why.contains("cannot reach the server"), "{why}");
        let played = carrom_online::play(plan(url.clone(), Some(&files.cert)), |_| {});
        let played = tokio::time::timeout(BOUND, played).await.unwrap().unwrap();
        let game = played.game.expect("the match was followed");
        assert!(game.is_over(), "played to its end over wss");
        assert!(played.how.is_some());
        running.stop().await;
    });
}

#[test]
fn a_certificate_or_key_file_that_is_not_one_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let good = certificate(dir.path());
    let junk = dir.path().join("junk.pem");
    std::fs::write(&junk, "not a certificate\n").unwrap();
    let missing = dir.path().join("missing.pem");
    let cases = [
        (junk.clone(), good.key.clone(), "junk.pem"),
        (good.cert.clone(), junk.clone(), "junk.pem"),
        (missing.clone(), good.key.clone(), "missing.pem"),
    ];
    common::runtime().block_on(async {
        for (cert, key, named) in cases {
            let mut config = common::loopback(dir.path());
            config.tls = Some(TlsFiles { cert, key });
            let e = serve(config).await.err().expect("refused").to_string();
            assert!(e.starts_with("TLS: ") && e.contains(named), "{e}");
        }
    });
}
