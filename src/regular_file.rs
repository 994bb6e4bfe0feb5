//! Opening a file that must be a regular one, without waiting: a FIFO with no writer (or a
//! device) is refused at once, never waited on or read for ever. Beside every floor: the
//! records' store, the bots' nets files and the lab's databases all open files this way.

use std::path::Path;

/// `O_NONBLOCK`: open a FIFO without waiting for a writer (no effect on a regular file).
#[cfg(any(target_os = "linux", target_os = "android"))]
pub const O_NONBLOCK: i32 = 0o4000;
/// `O_NONBLOCK`: open a FIFO without waiting for a writer (no effect on a regular file).
#[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
pub const O_NONBLOCK: i32 = 0x0004;

/// Opens `path` for reading if it is a regular file (following symbolic links), without
/// waiting on a FIFO.
///
/// # Errors
/// What the system said, or [`std::io::ErrorKind::InvalidInput`] "not a regular file (a
/// FIFO)" and the like when it is not a regular file.
pub fn open(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, O_NONBLOCK);
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok(file)
}

/// The error for a file that is not a regular one: "not a regular file (a FIFO)".
#[must_use]
pub fn not_regular(meta: &std::fs::Metadata) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("not a regular file ({})", kind(meta)),
    )
}

/// What a file that is not a regular one is, in words: "a FIFO", "a device", "a socket",
/// "a folder" or "not a file".
#[must_use]
pub fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_refused_and_a_file_opens() {
        let dir = std::env::temp_dir().join(format!("bg-tui-regular-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let err = open(&dir).expect_err("a folder is not a regular file");
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
        assert_eq!(err.to_string(), "not a regular file (a folder)");
        let file = dir.join("f");
        std::fs::write(&file, "x").expect("written");
        assert!(open(&file).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_with_no_writer_is_refused_at_once() {
        let dir = std::env::temp_dir().join(format!("bg-tui-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = open(&fifo).expect_err("a FIFO is not a regular file");
            assert_eq!(err.to_string(), "not a regular file (a FIFO)");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
