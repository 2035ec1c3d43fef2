//! The names and printed forms of ascon-hash 0.2.1 (its src/lib.rs): the reader aliases, and
//! `Debug` through `CoreWrapper` and the algorithm names.

use ascon_hash::digest::core_api::{CoreWrapper, XofReaderCoreWrapper};
use ascon_hash::{
    AsconACore, AsconAHash, AsconAXof, AsconAXofReader, AsconAXofReaderCore, AsconCore, AsconHash,
    AsconXof, AsconXofCore, AsconXofReader, AsconXofReaderCore, ExtendableOutput,
};

#[test]
fn names_as_in_the_original() {
    let _: CoreWrapper<AsconCore> = AsconHash::default();
    let _: CoreWrapper<AsconACore> = AsconAHash::default();
    let _: XofReaderCoreWrapper<AsconXofReaderCore> =
        CoreWrapper::<AsconXofCore>::default().finalize_xof();
    let _: AsconXofReader = CoreWrapper::<AsconXofCore>::default().finalize_xof();
    let _: AsconAXofReader = AsconAXof::default().finalize_xof();
    let _: XofReaderCoreWrapper<AsconAXofReaderCore> = AsconAXof::default().finalize_xof();
    let _ = AsconXof::default().finalize_xof();
}

#[test]
fn debug_prints_the_algorithm_name() {
    assert_eq!(format!("{:?}", AsconHash::default()), "AsconHash { .. }");
    assert_eq!(format!("{:?}", AsconAHash::default()), "AsconAHash { .. }");
    assert_eq!(format!("{:?}", AsconXof::default()), "AsconXOF { .. }");
    assert_eq!(format!("{:?}", AsconAXof::default()), "AsconAXOF { .. }");
}
