//! The AI's data files (the lone-man table, the break book): plain text, a header line, then
//! one line of numbers per row, and the error that names the line and what is wrong.

/// A data file that does not read: its line (counted from 1, blank lines included) and
/// what is wrong there.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DataFileError {
    #[error("line 1: missing header")]
    NoHeader,
    /// The header does not have its fields (named here as the file writes them).
    #[error("line 1: expected `{0}`")]
    Header(&'static str),
    #[error("line {line}: {what} `{text}` is not a number")]
    NotANumber {
        line: usize,
        what: &'static str,
        text: String,
    },
    #[error("line {line}: {what} `{text}` is not a count")]
    NotACount {
        line: usize,
        what: &'static str,
        text: String,
    },
    /// A value that is not a cost (a finite number, zero or more).
    #[error("line {line}: `{text}` is not a cost")]
    NotACost { line: usize, text: String },
    /// A line without the fields of its kind (named here as the file writes them).
    #[error("line {line}: expected `{expected}`, found {found} fields")]
    Fields {
        line: usize,
        expected: &'static str,
        found: usize,
    },
    /// A row of a table with another number of values than the header says.
    #[error("line {line}: {found} values, expected {expected}")]
    RowLength {
        line: usize,
        found: usize,
        expected: usize,
    },
    #[error("{found} rows, expected {expected}")]
    Rows { found: usize, expected: usize },
    /// A value outside what it may be (the text says what).
    #[error("line {line}: {what}")]
    OutOfRange { line: usize, what: &'static str },
    /// Nothing after the header.
    #[error("no {0} after the header")]
    Empty(&'static str),
}

/// One of the shipped data files that does not read (a test keeps them readable).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{file}: {source}")]
pub struct ShippedFileError {
    pub file: &'static str,
    pub source: DataFileError,
}

/// The non-blank lines of a data file with their numbers (from 1), the first of them split into
/// its fields: the header. An error when there is none.
pub(crate) fn header_and_lines(
    text: &str,
) -> Result<(Vec<&str>, impl Iterator<Item = (usize, &str)>), DataFileError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l))
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next().ok_or(DataFileError::NoHeader)?;
    Ok((header.split_whitespace().collect(), lines))
}
