//! `--tls-cert`/`--tls-key`: the server's own TLS (rustls on the `ring` provider), for https and
//! wss without a reverse proxy. Each connection's handshake runs in a task of its own (a slow
//! or silent client holds up no one else), and the finished ones are handed to axum as its
//! listener's connections.

use crate::error::ServerError;
use crate::guard::{Guarded, Watched};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;

/// A handshake not done within this long is dropped.
const HANDSHAKE_WITHIN: Duration = Duration::from_secs(10);

/// The server's certificate chain and its private key, PEM files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
}

fn bad(file: &Path, why: impl std::fmt::Display) -> ServerError {
    ServerError::Tls {
        file: file.display().to_string(),
        why: why.to_string(),
    }
}

impl TlsFiles {
    /// The TLS set-up of these files: an error names the file that is wrong and why.
    pub(crate) fn acceptor(&self) -> Result<TlsAcceptor, ServerError> {
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&self.cert)
            .map_err(|e| bad(&self.cert, e))?
            .collect::<Result<_, _>>()
            .map_err(|e| bad(&self.cert, e))?;
        if certs.is_empty() {
            return Err(bad(&self.cert, "no certificate in it (PEM expected)"));
        }
        let key = PrivateKeyDer::from_pem_file(&self.key).map_err(|e| bad(&self.key, e))?;
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| bad(&self.cert, e))?
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .map_err(|e| bad(&self.key, format!("does not go with the certificate: {e}")))?;
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(TlsAcceptor::from(Arc::new(config)))
    }
}

/// Connections that finished their TLS handshake, as axum's listener.
pub(crate) struct TlsListener {
    addr: SocketAddr,
    ready: mpsc::Receiver<(TlsStream<Watched<TcpStream>>, SocketAddr)>,
}

impl TlsListener {
    /// Takes the connections of `tcp` (listening on `addr`) through `acceptor`'s handshake.
    pub(crate) fn new(mut tcp: Guarded, addr: SocketAddr, acceptor: TlsAcceptor) -> TlsListener {
        let (done, ready) = mpsc::channel(64);
        tokio::spawn(async move {
            loop {
                let (stream, peer) = tcp.accept().await;
                let (acceptor, done) = (acceptor.clone(), done.clone());
                tokio::spawn(async move {
                    let shake = tokio::time::timeout(HANDSHAKE_WITHIN, acceptor.accept(stream));
                    if let Ok(Ok(tls)) = shake.await {
                        let _ = done.send((tls, peer)).await;
                    }
                });
            }
        });
        TlsListener { addr, ready }
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<Watched<TcpStream>>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.ready.recv().await {
            Some(connection) => connection,
            // The accepting task is gone only when the runtime stops.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<SocketAddr> {
        Ok(self.addr)
    }
}
