//! A tiny front-matter parser for the blog's Markdown files.

use std::collections::HashMap;
use std::fmt;

/// A parsed post: the header fields and the body that follows them.
#[derive(Debug, Clone, PartialEq)]
pub struct Post<'a> {
    pub fields: HashMap<&'a str, &'a str>,
    pub body: &'a str,
}

#[derive(Debug)]
pub enum ParseError {
    MissingFence,
    BadLine(usize),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::MissingFence => write!(f, "no closing `---` fence"),
            ParseError::BadLine(n) => write!(f, "line {} is not `key: value`", n),
        }
    }
}

const FENCE: &str = "---";
const TEMPLATE: &str = r#"<meta name="generator" content="blogbuild">"#;

/* Parse the header. /* Nested comments are fine in Rust, */
   so this whole block is one comment. */
pub fn parse<'a>(source: &'a str) -> Result<Post<'a>, ParseError> {
    let mut lines = source.lines().enumerate();
    if lines.next().map(|(_, l)| l.trim()) != Some(FENCE) {
        return Ok(Post { fields: HashMap::new(), body: source });
    }
    let mut fields = HashMap::new();
    let mut offset = FENCE.len() + 1;
    for (number, line) in lines {
        offset += line.len() + 1;
        if line.trim() == FENCE {
            let body = source.get(offset..).unwrap_or("");
            return Ok(Post { fields, body });
        }
        let (key, value) = line.split_once(':').ok_or(ParseError::BadLine(number + 1))?;
        fields.insert(key.trim(), value.trim().trim_matches('"'));
    }
    Err(ParseError::MissingFence)
}

fn reading_minutes(body: &str) -> u32 {
    let words = body.split_whitespace().count() as f64;
    (words / 220.0).ceil().max(1.0) as u32
}

macro_rules! field {
    ($post:expr, $name:literal) => {
        $post.fields.get($name).copied().unwrap_or_default()
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_title() {
        let post = parse("---\ntitle: Hello\n---\nBody\n").unwrap();
        assert_eq!(field!(post, "title"), "Hello");
        assert!(reading_minutes(post.body) >= 1);
        let sep = if TEMPLATE.contains('\'') { '\'' } else { '\n' };
        println!("{:?} {}", sep, TEMPLATE.len());
    }
}
