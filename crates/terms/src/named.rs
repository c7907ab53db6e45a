//! Words with a fixed list of names: each is written by its name in saves, settings, the
//! network protocol and messages, and read back from that name (older names included), so no
//! layer parses or formats them again.

/// A word of carrom with a fixed list of names (a computer's [`crate::Level`], a rules preset,
/// a match's length).
pub trait Named: Copy + PartialEq + 'static {
    /// Every value, in the order the names are listed.
    const ALL: &'static [Self];
    /// What one of these is, for messages: "a level".
    const WHAT: &'static str;
    /// Older names still read (saves that name them still load), each with what it is now.
    const ALIASES: &'static [(&'static str, Self)] = &[];

    /// The name on the command line, in saves and in the menu (lower case).
    fn name(self) -> &'static str;

    /// The value called `text` (or one of its older names), ignoring case and surrounding
    /// spaces.
    fn parse(text: &str) -> Option<Self> {
        let text = text.trim().to_ascii_lowercase();
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name() == text)
            .or_else(|| Self::ALIASES.iter().find(|a| a.0 == text).map(|a| a.1))
    }

    /// Every name, comma-separated, in order (for messages).
    fn names() -> String {
        Self::ALL
            .iter()
            .map(|v| v.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The value called `text`, or the words that say it is none: "`expert` is not a level:
    /// beginner, easy, medium, skilled, hard". The words are the whole answer (the command
    /// line's parsers and serde's errors only show them), so they are a plain `String`.
    fn parse_or_explain(text: &str) -> Result<Self, String> {
        Self::parse(text)
            .ok_or_else(|| format!("`{}` is not {}: {}", text, Self::WHAT, Self::names()))
    }
}

/// Writes a [`Named`] value as its name.
pub fn serialize<T: Named, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(value.name())
}

/// Reads a [`Named`] value from its name; anything else is named in the error with the names
/// it may take.
pub fn deserialize<'de, T: Named, D: serde::Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    struct ByName<T>(std::marker::PhantomData<T>);
    impl<T: Named> serde::de::Visitor<'_> for ByName<T> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "{}: {}", T::WHAT, T::names())
        }
        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
            T::parse_or_explain(text).map_err(E::custom)
        }
    }
    d.deserialize_str(ByName(std::marker::PhantomData))
}

/// Implements `Serialize`, `Deserialize` and `Display` for a [`Named`] type: by its name.
#[macro_export]
macro_rules! serde_by_name {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::named::serialize(self, s)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::named::deserialize(d)
            }
        }
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::named::Named::name(*self))
            }
        }
    };
}
