//! Line and field scanning shared by the text parsers: UTF-8 checks, 1-based positions, line ends.

use super::error::{ParseError, ParseErrorKind};

/// How lines end in a file, kept so that writing a file back reproduces it.
///
/// ```
/// use pathkit::format::{LineEnding, MovingAiMap};
///
/// let map: MovingAiMap = "type octile\r\nheight 1\r\nwidth 1\r\nmap\r\n.\r\n".parse().unwrap();
/// assert_eq!(map.line_ending(), LineEnding::CrLf);
/// assert!(map.to_string().ends_with(".\r\n")); // written back as read
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LineEnding {
    /// `\n`, as most benchmark files.
    #[default]
    Lf,
    /// `\r\n`, as the Moving AI street maps.
    CrLf,
}

impl LineEnding {
    /// The line terminator itself.
    ///
    /// ```
    /// use pathkit::format::LineEnding;
    ///
    /// assert_eq!(LineEnding::Lf.as_str(), "\n");
    /// assert_eq!(LineEnding::CrLf.as_str(), "\r\n");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }

    /// The ending of the first line of `text` (LF when there is no line break).
    pub(crate) fn detect(text: &str) -> LineEnding {
        match text.find('\n') {
            Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => LineEnding::CrLf,
            _ => LineEnding::Lf,
        }
    }
}

/// `bytes` as text, or the position of the first byte that is not UTF-8.
pub(crate) fn utf8(bytes: &[u8]) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        // The valid prefix is UTF-8, so this cannot fail; fall back to the start if it ever did.
        let prefix = std::str::from_utf8(good).unwrap_or("");
        let line = prefix.matches('\n').count() + 1;
        let last = prefix.rsplit('\n').next().unwrap_or("");
        ParseError::new(line, last.chars().count() + 1, ParseErrorKind::NotUtf8)
    })
}

/// The lines of `text` numbered from 1, without their `\n` or `\r\n`. A final line terminator
/// does not start another line.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut parts = (!text.is_empty()).then(|| body.split('\n'));
    let mut n = 0;
    std::iter::from_fn(move || {
        let line = parts.as_mut()?.next()?;
        n += 1;
        Some((n, line.strip_suffix('\r').unwrap_or(line)))
    })
}

/// The whitespace-separated fields of `line`, each with its 1-based column.
pub(crate) fn fields(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 1;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (field, tail) = rest.split_at(end);
        let at = column;
        column += field.chars().count();
        rest = tail;
        Some((at, field))
    })
}

/// The column just after the end of `line`, where a missing field would start.
pub(crate) fn end_column(line: &str) -> usize {
    line.trim_end().chars().count() + 1
}

/// A non-negative decimal integer without sign, as the formats write sizes and coordinates.
pub(crate) fn parse_u32(
    text: &str,
    field: &'static str,
    line: usize,
    column: usize,
) -> Result<u32, ParseError> {
    let bad = || {
        let kind = ParseErrorKind::BadNumber {
            field,
            text: excerpt(text),
        };
        ParseError::new(line, column, kind)
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    text.parse().map_err(|_| bad())
}

/// At most 64 characters of `text`, so errors about huge lines stay small.
pub(crate) fn excerpt(text: &str) -> String {
    text.chars().take(64).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_strip_both_terminators_and_keep_a_last_unterminated_line() {
        let got: Vec<_> = lines("a\r\nb\n\nc").collect();
        assert_eq!(got, vec![(1, "a"), (2, "b"), (3, ""), (4, "c")]);
        assert_eq!(lines("a\n").count(), 1);
        assert_eq!(lines("").count(), 0);
        assert_eq!(lines("\n").collect::<Vec<_>>(), vec![(1, "")]);
    }

    #[test]
    fn fields_report_their_columns() {
        let got: Vec<_> = fields("  ab\tc  é d").collect();
        assert_eq!(got, vec![(3, "ab"), (6, "c"), (9, "é"), (11, "d")]);
        assert_eq!(end_column("ab "), 3);
    }

    #[test]
    fn non_utf8_is_located() {
        let e = utf8(b"ok\nab\xffc").unwrap_err();
        assert_eq!((e.line(), e.column()), (2, 3));
    }

    #[test]
    fn numbers_are_plain_digits() {
        assert_eq!(parse_u32("042", "x", 1, 1).unwrap(), 42);
        for bad in ["", "-1", "+1", "1.0", "4294967296", " 1"] {
            assert!(parse_u32(bad, "x", 1, 1).is_err(), "{bad:?}");
        }
    }
}
