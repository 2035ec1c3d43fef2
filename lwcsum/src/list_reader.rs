//! Checksum lists read one line at a time in bounded memory: a list of any length costs the
//! reader's buffer plus one line of at most [`MAX_LINE`] bytes.

use std::io::{self, BufRead};

/// The longest list line kept (the longest hex is 131072 digits, `-l 65536`); a longer line
/// is improperly formatted and skipped without being stored.
pub(crate) const MAX_LINE: usize = 1 << 20;

/// One line of a list, its terminator removed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line<'a> {
    /// The line's bytes.
    Text(&'a [u8]),
    /// A line longer than the limit (its bytes were dropped).
    TooLong,
}

/// Splits a [`BufRead`] into lines ended by `sep`, holding at most one line.
pub(crate) struct ListReader<R> {
    inner: R,
    sep: u8,
    max: usize,
    line: Vec<u8>,
    number: usize,
}

impl<R: BufRead> ListReader<R> {
    /// Lines of `inner` ended by `sep`, each kept only if at most `max` bytes long.
    pub(crate) fn new(inner: R, sep: u8, max: usize) -> Self {
        Self {
            inner,
            sep,
            max,
            line: Vec::new(),
            number: 0,
        }
    }

    /// The next line and its number (from 1), or `None` at the end of the list. A last line
    /// without a terminator counts; an empty list has no line.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<(usize, Line<'_>)>> {
        self.line.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (chunk, used, ended) = match buf.iter().position(|&c| c == self.sep) {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            if !too_long {
                let want = self.line.len() + chunk.len();
                if want > self.max {
                    too_long = true;
                    self.line.clear();
                } else {
                    if want > self.line.capacity() {
                        let cap = want.max(2 * self.line.capacity()).min(self.max);
                        self.line.reserve_exact(cap - self.line.len());
                    }
                    self.line.extend_from_slice(chunk);
                }
            }
            self.inner.consume(used);
            if ended {
                break;
            }
        }
        self.number += 1;
        let line = if too_long {
            Line::TooLong
        } else {
            Line::Text(&self.line)
        };
        Ok(Some((self.number, line)))
    }

    /// The bytes the reader holds for its line (tests: never more than the limit).
    #[cfg(test)]
    fn held(&self) -> usize {
        self.line.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::io::{BufReader, Read};
    use std::rc::Rc;

    /// A list of `lines` lines made on demand, counting the bytes handed out.
    struct LazyList {
        lines: usize,
        next: usize,
        pending: Vec<u8>,
        produced: Rc<Cell<u64>>,
    }

    impl Read for LazyList {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.pending.is_empty() && self.next < self.lines {
                self.pending = format!("{:064x}  file{}\n", self.next, self.next).into_bytes();
                self.next += 1;
            }
            let n = buf.len().min(self.pending.len());
            buf[..n].copy_from_slice(&self.pending[..n]);
            self.pending.drain(..n);
            self.produced.set(self.produced.get() + n as u64);
            Ok(n)
        }
    }

    /// A million-line list is consumed as it is read: when line k comes out, the source has
    /// produced at most the reader's buffer more than the k lines, and one line is held.
    #[test]
    fn a_long_list_is_streamed() {
        let produced = Rc::new(Cell::new(0));
        let src = LazyList {
            lines: 1_000_000,
            next: 0,
            pending: Vec::new(),
            produced: Rc::clone(&produced),
        };
        const BUF: usize = 4096;
        let mut r = ListReader::new(BufReader::with_capacity(BUF, src), b'\n', MAX_LINE);
        let mut consumed = 0u64;
        let mut count = 0;
        while let Some((n, line)) = r.next_line().unwrap() {
            let Line::Text(text) = line else {
                panic!("line {n} too long")
            };
            assert_eq!(text, format!("{:064x}  file{}", n - 1, n - 1).as_bytes());
            consumed += text.len() as u64 + 1;
            assert!(
                produced.get() <= consumed + BUF as u64,
                "read ahead at line {n}"
            );
            assert!(r.held() <= 256, "line {n}: {} bytes held", r.held());
            count = n;
        }
        assert_eq!(count, 1_000_000);
    }

    /// A line over the limit is dropped as it streams by, never stored, and the reader goes on.
    #[test]
    fn an_overlong_line_is_not_stored() {
        let mut list = vec![b'x'; 10 << 20];
        list.extend_from_slice(b"\nshort\r\n\nlast");
        let mut r = ListReader::new(BufReader::with_capacity(512, &list[..]), b'\n', 1000);
        assert_eq!(r.next_line().unwrap(), Some((1, Line::TooLong)));
        assert!(r.held() <= 1000);
        assert_eq!(r.next_line().unwrap(), Some((2, Line::Text(b"short\r"))));
        assert_eq!(r.next_line().unwrap(), Some((3, Line::Text(b""))));
        assert_eq!(r.next_line().unwrap(), Some((4, Line::Text(b"last"))));
        assert_eq!(r.next_line().unwrap(), None);
        assert!(r.held() <= 1000);
        // NUL-separated, and an exact-limit line is kept.
        let mut r = ListReader::new(&b"abc\0de\0"[..], b'\0', 3);
        assert_eq!(r.next_line().unwrap(), Some((1, Line::Text(b"abc"))));
        assert_eq!(r.next_line().unwrap(), Some((2, Line::Text(b"de"))));
        assert_eq!(r.next_line().unwrap(), None);
        let mut r = ListReader::new(&b""[..], b'\n', 3);
        assert_eq!(r.next_line().unwrap(), None);
    }
}
