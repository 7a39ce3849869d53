# python3-gpyfft's own test suite (Debian package) run on our libclFFT.so.2: a real client of
# the clFFT 2.12 ABI, loaded by soname with our library first on LD_LIBRARY_PATH.
add_test(NAME test_gpyfft COMMAND ${PROJECT_SOURCE_DIR}/scripts/run_gpyfft_tests.sh $<TARGET_FILE_DIR:clFFT>)
set_tests_properties(test_gpyfft PROPERTIES TIMEOUT 300)

# Debian's clFFT-client on our library (tests/abi/clfft_client_test.sh).
add_test(NAME test_clfft_client COMMAND ${PROJECT_SOURCE_DIR}/tests/abi/clfft_client_test.sh $<TARGET_FILE_DIR:clFFT>
         $<TARGET_FILE:cl-devices>)
set_tests_properties(test_clfft_client PROPERTIES TIMEOUT 300)
