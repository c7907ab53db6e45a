//! The browser's link: the page's WebSocket to the server, as the native link's thread does it:
//! the hello with the name and its token once the socket opens, the server's messages passed to
//! the game, and after a drop, a new connection every second for [`RECONNECT_FOR`]. The page has
//! one thread: the socket's events come between frames, and [`Link`] (which the game's
//! resources hold, so `Send`) names its far end, kept in this thread's [`LINKS`].
//!
//! The page sends a person's actions and the page's questions, far under the server's bound
//! (20 messages a second, 40 at once; carrom-net's `GUEST_RATE`): unlike the native link, whose
//! thread also carries a headless computer's play, it needs no pacing of its own.

use super::{Heard, RECONNECT_FOR};
use carrom_online::protocol::MAX_SERVER_MESSAGE;
use carrom_online::{ClientError, ONLINE_PROTOCOL, ToClient, ToServer, ws_url};
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::rc::{Rc, Weak};
use std::sync::{Arc, Mutex};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

/// What was heard, shared by the game's end and the socket's.
type Inbox = Arc<Mutex<VecDeque<Heard>>>;

/// The most messages kept for the server while the first connection opens.
const OUTBOX: usize = 64;

thread_local! {
    /// The far ends of the links open on this page, by number.
    static LINKS: RefCell<HashMap<u64, Rc<RefCell<Far>>>> = RefCell::new(HashMap::new());
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

/// The game's end of the link: what to send, what was heard. Dropping it closes the socket.
pub struct Link {
    id: u64,
    heard: Inbox,
    /// The server, as the player typed it.
    pub server: String,
}

/// The socket's end of the link.
struct Far {
    server: String,
    name: String,
    token: Option<String>,
    socket: Option<WebSocket>,
    /// The socket's event handlers, kept while it is open.
    handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    /// This connection's hello was welcomed.
    welcomed: bool,
    /// When the connection dropped (the page's clock, ms), while connecting again.
    lost_since: Option<f64>,
    /// The link is closed for good (the game dropped it, or the server refused).
    done: bool,
    /// Why this end is closing the connection (a message it could not read).
    closing: Option<String>,
    /// Messages for the server before the first welcome.
    outbox: VecDeque<ToServer>,
    heard: Inbox,
    waker: Option<Box<dyn Fn() + Send>>,
}

impl Link {
    /// Connects to `server` as `name` (with its token, if one is kept); the welcome, a refusal
    /// or why the server cannot be reached comes as [`Heard`].
    pub fn open(server: &str, name: &str, token: Option<String>) -> Link {
        let heard = Inbox::default();
        let far = Rc::new(RefCell::new(Far {
            server: server.to_string(),
            name: name.to_string(),
            token,
            socket: None,
            handlers: Vec::new(),
            welcomed: false,
            lost_since: None,
            done: false,
            closing: None,
            outbox: VecDeque::new(),
            heard: heard.clone(),
            waker: None,
        }));
        let id = NEXT.with(|n| {
            n.set(n.get() + 1);
            n.get()
        });
        LINKS.with(|links| links.borrow_mut().insert(id, far.clone()));
        connect(&far);
        Link {
            id,
            heard,
            server: server.to_string(),
        }
    }

    /// Sends a message to the server (kept until the first welcome; dropped while the link
    /// connects again, as the native link's, or when it is closed: what was heard says so).
    pub fn send(&self, message: ToServer) {
        if let Some(far) = self.far() {
            far.borrow_mut().send(message);
        }
    }

    /// What was heard since the last look.
    pub fn poll(&self) -> Vec<Heard> {
        match self.heard.lock() {
            Ok(mut heard) => heard.drain(..).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// `wake` is called whenever something is heard.
    pub fn set_waker(&self, wake: impl Fn() + Send + 'static) {
        if let Some(far) = self.far() {
            far.borrow_mut().waker = Some(Box::new(wake));
        }
    }

    fn far(&self) -> Option<Rc<RefCell<Far>>> {
        LINKS.with(|links| links.borrow().get(&self.id).cloned())
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let far = LINKS.with(|links| links.borrow_mut().remove(&self.id));
        if let Some(far) = far {
            // Closed once the handlers that may be running have returned.
            let close = Closure::once_into_js(move || far.borrow_mut().close());
            later(close, 0);
        }
    }
}

/// Opens a socket for `far`'s link, its events handled by `far` while it lives.
fn connect(far: &Rc<RefCell<Far>>) {
    let url = ws_url(&far.borrow().server);
    let socket = match WebSocket::new(&url) {
        Ok(socket) => socket,
        Err(e) => {
            let why = format!("the address {url} cannot be used ({})", js_words(&e));
            return far.borrow_mut().closed(why, far);
        }
    };
    let handler = |f: fn(&Rc<RefCell<Far>>, JsValue)| {
        let weak: Weak<RefCell<Far>> = Rc::downgrade(far);
        Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
            if let Some(far) = weak.upgrade() {
                f(&far, event);
            }
        })
    };
    let on_open = handler(|far, _| far.borrow_mut().opened());
    let on_message = handler(|far, event| far.borrow_mut().message(event));
    let on_close = handler(|far, event| {
        let event: CloseEvent = event.unchecked_into();
        let why = match event.reason() {
            r if r.is_empty() => format!("the connection closed (code {})", event.code()),
            r => carrom_remote::shown(&r),
        };
        far.borrow_mut().closed(why, far);
    });
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    let mut f = far.borrow_mut();
    f.socket = Some(socket);
    f.handlers = vec![on_open, on_message, on_close];
}

impl Far {
    fn tell(&self, heard: Heard) {
        if let Ok(mut inbox) = self.heard.lock() {
            inbox.push_back(heard);
        }
        if let Some(wake) = &self.waker {
            wake();
        }
    }

    /// The socket opened: the hello, with the name's token.
    fn opened(&mut self) {
        let hello = ToServer::Hello {
            protocol: ONLINE_PROTOCOL,
            name: self.name.clone(),
            token: self.token.clone(),
        };
        self.send_now(&hello);
    }

    fn send(&mut self, message: ToServer) {
        if self.done {
            return;
        }
        if self.welcomed {
            self.send_now(&message);
        } else if self.lost_since.is_none() && self.outbox.len() < OUTBOX {
            self.outbox.push_back(message);
        }
    }

    fn send_now(&self, message: &ToServer) {
        if let Some(socket) = &self.socket {
            let _ = socket.send_with_str(&message.text());
        }
    }

    /// A message from the server: before the welcome, the welcome or the refusal; after it,
    /// every message, to the game. One that cannot be read ends the connection, as natively.
    fn message(&mut self, event: JsValue) {
        let event: MessageEvent = event.unchecked_into();
        let Some(text) = event.data().as_string() else {
            return;
        };
        let message = if text.len() > MAX_SERVER_MESSAGE {
            Err(format!("a message of {} bytes, over the limit", text.len()))
        } else {
            serde_json::from_str::<ToClient>(&text).map_err(|e| e.to_string())
        };
        match message {
            Err(why) => {
                // Heard as the connection's end ([`Far::closed`]).
                self.closing = Some(ClientError::Malformed(why).to_string());
                if let Some(socket) = &self.socket {
                    let _ = socket.close_with_code_and_reason(4000, "malformed message");
                }
            }
            Ok(m) if self.welcomed => self.tell(Heard::Message(m)),
            Ok(ToClient::Welcome {
                protocol,
                name,
                token,
                rating,
            }) => self.welcome(protocol, name, token, rating),
            Ok(ToClient::Refused { reason }) => self.refused(reason),
            Ok(_) => {}
        }
    }

    fn welcome(&mut self, protocol: u32, name: String, token: Option<String>, rating: f64) {
        if protocol != ONLINE_PROTOCOL {
            return self.refused(ClientError::Version(protocol).to_string());
        }
        if token.is_some() {
            self.token.clone_from(&token);
        }
        self.welcomed = true;
        self.lost_since = None;
        self.tell(Heard::Welcome {
            name,
            token,
            rating,
        });
        for message in std::mem::take(&mut self.outbox) {
            self.send_now(&message);
        }
    }

    /// The server refused the hello (or speaks another protocol): the link ends.
    fn refused(&mut self, reason: String) {
        self.close();
        self.tell(Heard::Refused(reason));
    }

    /// The connection closed (`why`): dropped after a welcome, it is made again every second
    /// for [`RECONNECT_FOR`]; the first one failing, the server cannot be reached.
    fn closed(&mut self, why: String, far: &Rc<RefCell<Far>>) {
        if self.done {
            return;
        }
        let why = self.closing.take().unwrap_or(why);
        let now = js_sys::Date::now();
        if self.welcomed {
            self.welcomed = false;
            self.lost_since = Some(now);
            self.tell(Heard::Lost(why));
        } else if !self
            .lost_since
            .is_some_and(|t| now - t < RECONNECT_FOR.as_millis() as f64)
        {
            self.close();
            return self.tell(Heard::Unreachable(why));
        }
        let weak = Rc::downgrade(far);
        let again = Closure::once_into_js(move || {
            let Some(far) = weak.upgrade() else { return };
            let done = far.borrow().done;
            if !done {
                connect(&far);
            }
        });
        later(again, 1000);
    }

    /// Closes the socket for good.
    fn close(&mut self) {
        self.done = true;
        if let Some(socket) = self.socket.take() {
            socket.set_onopen(None);
            socket.set_onmessage(None);
            socket.set_onclose(None);
            let _ = socket.close();
        }
        self.handlers.clear();
    }
}

/// Runs `f` (a JS function) after `ms` milliseconds.
fn later(f: JsValue, ms: i32) {
    if let Some(window) = web_sys::window() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(f.unchecked_ref(), ms);
    }
}

/// A JavaScript error in words.
fn js_words(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}
