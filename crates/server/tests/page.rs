//! The browser build's files as `carrom server --web DIR` sends them, on the loopback
//! interface: compressed as the browser accepts (the `.br` and `.gz` files beside each, as
//! `scripts/web.sh` writes them), the module still `application/wasm`, each kept by the
//! browser only to be asked again (`no-cache`), a file unchanged since the browser's copy a
//! 304, and a browser that accepts no compression given the file itself.

mod common;

use carrom_server::serve;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// The answer to `GET path` with `headers`: its head and its body.
fn get(addr: SocketAddr, path: &str, headers: &str) -> (String, Vec<u8>) {
    let mut tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let ask = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{headers}\r\n");
    tcp.write_all(ask.as_bytes()).unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).unwrap();
    let end = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..end]).to_string();
    (head, answer[end + 4..].to_vec())
}

/// The value of header `name` (lower case) in `head`.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (n, value) = l.split_once(':')?;
        (n.to_lowercase() == name).then(|| value.trim())
    })
}

#[test]
fn the_page_is_sent_compressed_as_the_browser_accepts_and_asked_again_only_by_its_date() {
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir(&web).unwrap();
    let module = b"\0asm the module itself".repeat(100);
    std::fs::write(web.join("carrom_web_bg.wasm"), &module).unwrap();
    std::fs::write(web.join("carrom_web_bg.wasm.gz"), b"gzipped").unwrap();
    std::fs::write(web.join("carrom_web_bg.wasm.br"), b"brotli").unwrap();
    std::fs::write(web.join("index.html"), b"<!doctype html>").unwrap();
    let rt = common::runtime();
    let running = rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.web = Some(web.clone());
        serve(config).await.unwrap()
    });
    let addr = running.addr;
    let wasm = "/carrom_web_bg.wasm";

    let (head, body) = get(addr, wasm, "Accept-Encoding: gzip, deflate, br\r\n");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(header(&head, "content-encoding"), Some("br"), "{head}");
    assert_eq!(header(&head, "content-type"), Some("application/wasm"));
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    assert_eq!(body, b"brotli");

    let (head, body) = get(addr, wasm, "Accept-Encoding: gzip\r\n");
    assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
    assert_eq!(body, b"gzipped");

    let (head, body) = get(addr, wasm, "");
    assert_eq!(header(&head, "content-encoding"), None, "{head}");
    assert_eq!(body, module, "no compression accepted: the module itself");

    let (head, _) = get(addr, "/index.html", "Accept-Encoding: br\r\n");
    assert_eq!(
        header(&head, "content-encoding"),
        None,
        "no .br beside it: {head}"
    );
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    let date = header(&head, "last-modified").expect("dated").to_string();
    let since = format!("If-Modified-Since: {date}\r\n");
    let (head, body) = get(addr, "/index.html", &since);
    assert!(head.starts_with("HTTP/1.1 304"), "unchanged: {head}");
    assert!(body.is_empty());
    rt.block_on(running.stop());
}
