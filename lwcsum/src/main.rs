//! `lwcsum`: a checksum tool in the spirit of sha256sum/b3sum (see its issue; this is the placeholder).

fn main() {
    eprintln!("lwcsum: not implemented yet");
    std::process::exit(2);
}
