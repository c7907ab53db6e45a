//! The native client: a WebSocket to the server (tokio-tungstenite), the hello with the name
//! and its token, and a headless player that follows the server's match and plays its own seats
//! with a computer (or watches), reconnecting when the connection drops.

use crate::error::ClientError;
use crate::protocol::{MAX_SERVER_MESSAGE, ONLINE_PROTOCOL, ToClient, ToServer, ws_url};
use futures_util::{SinkExt, StreamExt};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use std::path::Path;
use std::sync::Arc;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{Connector, MaybeTlsStream, WebSocketStream};

type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One connection to the server.
pub struct Connection {
    stream: Stream,
}

/// The server's welcome: the name as it holds it, a token when the name was just claimed, and
/// the player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Welcome {
    pub name: String,
    pub token: Option<String>,
    pub rating: f64,
}

/// The TLS a `wss://` server is reached with: webpki's roots, and the certificates of the
/// PEM file `ca` (a private authority, or a server's own self-signed certificate) when given.
pub fn tls(ca: Option<&Path>) -> Result<rustls::ClientConfig, ClientError> {
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(file) = ca {
        let bad = |why: String| ClientError::Ca {
            file: file.display().to_string(),
            why,
        };
        let certs = CertificateDer::pem_file_iter(file).map_err(|e| bad(e.to_string()))?;
        let mut any = false;
        for cert in certs {
            let cert = cert.map_err(|e| bad(e.to_string()))?;
            roots.add(cert).map_err(|e| bad(e.to_string()))?;
            any = true;
        }
        if !any {
            return Err(bad("no certificate in it (PEM expected)".into()));
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| ClientError::Connect {
            url: "wss".into(),
            why: e.to_string(),
        })?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(config)
}

impl Connection {
    /// Connects to the server at `server` (see [`ws_url`]).
    pub async fn open(server: &str) -> Result<Connection, ClientError> {
        Connection::open_trusting(server, None).await
    }

    /// Connects to the server at `server`, a `wss://` one trusting the certificates of `ca` as
    /// well as webpki's roots ([`tls`]).
    pub async fn open_trusting(server: &str, ca: Option<&Path>) -> Result<Connection, ClientError> {
        let url = ws_url(server);
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_SERVER_MESSAGE))
            .max_frame_size(Some(MAX_SERVER_MESSAGE));
        let connector = if url.starts_with("wss://") {
            Some(Connector::Rustls(Arc::new(tls(ca)?)))
        } else {
            None
        };
        let (stream, _) =
            tokio_tungstenite::connect_async_tls_with_config(&url, Some(config), true, connector)
                .await
                .map_err(|e| ClientError::Connect {
                    url: url.clone(),
                    why: e.to_string(),
                })?;
        Ok(Connection { stream })
    }

    /// Connects and says hello as `name` (with its token, if it has one): the welcome, or the
    /// server's refusal as the error.
    pub async fn hello(
        server: &str,
        name: &str,
        token: Option<&str>,
    ) -> Result<(Connection, Welcome), ClientError> {
        Connection::hello_trusting(server, name, token, None).await
    }

    /// [`Connection::hello`] to a server reached trusting `ca` ([`Connection::open_trusting`]).
    pub async fn hello_trusting(
        server: &str,
        name: &str,
        token: Option<&str>,
        ca: Option<&Path>,
    ) -> Result<(Connection, Welcome), ClientError> {
        let mut conn = Connection::open_trusting(server, ca).await?;
        conn.send(&ToServer::Hello {
            protocol: ONLINE_PROTOCOL,
            name: name.to_string(),
            token: token.map(str::to_string),
        })
        .await?;
        loop {
            match conn.recv().await? {
                Some(ToClient::Welcome {
                    protocol,
                    name,
                    token,
                    rating,
                }) => {
                    if protocol != ONLINE_PROTOCOL {
                        return Err(ClientError::Version(protocol));
                    }
                    return Ok((
                        conn,
                        Welcome {
                            name,
                            token,
                            rating,
                        },
                    ));
                }
                Some(ToClient::Refused { reason }) => return Err(ClientError::Refused(reason)),
                Some(_) => {}
                None => return Err(ClientError::Closed),
            }
        }
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ToServer) -> Result<(), ClientError> {
        self.send_text(message.text()).await
    }

    /// Sends any text as it is (the hostile clients' tests send what a fair client would not).
    pub async fn send_text(&mut self, text: String) -> Result<(), ClientError> {
        self.stream
            .send(Message::text(text))
            .await
            .map_err(|_| ClientError::Closed)
    }

    /// The next message from the server; `None` when the connection is closed. A message that
    /// cannot be read is an error.
    pub async fn recv(&mut self) -> Result<Option<ToClient>, ClientError> {
        loop {
            match self.stream.next().await {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(text.as_str())
                        .map(Some)
                        .map_err(|e| ClientError::Malformed(e.to_string()));
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return Ok(None),
                Some(Ok(_)) => {}
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}

/// Who says hello to which server, and how long he keeps trying after the connection dropped:
/// the one reconnect loop of the headless client and the game's link.
pub struct Hello {
    pub server: String,
    pub name: String,
    /// The name's token (kept up to date with the one a welcome gives when the name is claimed).
    pub token: Option<String>,
    /// A PEM file of certificates a `wss://` server is trusted by, besides webpki's roots.
    pub ca: Option<std::path::PathBuf>,
    /// How long to keep trying once the connection has dropped.
    pub retry: std::time::Duration,
}

impl Hello {
    /// Connects and says hello; while the connection dropped less than [`Hello::retry`] ago
    /// (`lost_since`) and the failure can pass ([`ClientError::is_final`]), waits with `pause`
    /// and tries again. `Ok(None)`: `pause` said to stop (the game closed its link).
    pub async fn again(
        &mut self,
        lost_since: Option<std::time::Instant>,
        pause: &mut impl Pause,
    ) -> Result<Option<(Connection, Welcome)>, ClientError> {
        loop {
            let (server, name, ca) = (&self.server, &self.name, self.ca.as_deref());
            let hello = Connection::hello_trusting(server, name, self.token.as_deref(), ca);
            match hello.await {
                Ok((conn, welcome)) => {
                    if welcome.token.is_some() {
                        self.token.clone_from(&welcome.token);
                    }
                    return Ok(Some((conn, welcome)));
                }
                Err(e) if !e.is_final() && lost_since.is_some_and(|t| t.elapsed() < self.retry) => {
                    if pause.pause().await {
                        return Ok(None);
                    }
                }
                Err(e) => return Err(e),
            }
        }
    }
}

/// The wait between two tries of [`Hello::again`].
pub trait Pause {
    /// Waits; whether to stop trying.
    fn pause(&mut self) -> impl std::future::Future<Output = bool>;
}

/// A pause of a fixed time, after which the trying goes on.
pub struct Sleep(pub std::time::Duration);

impl Pause for Sleep {
    async fn pause(&mut self) -> bool {
        tokio::time::sleep(self.0).await;
        false
    }
}
