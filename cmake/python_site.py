"""Prints the Python site directory for packages under an install prefix, relative to it.

Debian's python3 reads /usr/lib/python3/dist-packages (prefix /usr) and
PREFIX/lib/python3.X/dist-packages (/usr/local); other Pythons read posix_prefix's
site-packages. Used by python/CMakeLists.txt at configure time."""
import os
import sys
import sysconfig

prefix = os.path.normpath(sys.argv[1])
if "deb_system" in sysconfig.get_scheme_names():
    if prefix == "/usr":
        path = sysconfig.get_path("purelib", "deb_system", vars={"base": prefix, "platbase": prefix})
    else:
        path = os.path.join(prefix, "lib", "python%d.%d" % sys.version_info[:2], "dist-packages")
else:
    path = sysconfig.get_path("purelib", "posix_prefix", vars={"base": prefix, "platbase": prefix})
print(os.path.relpath(path, prefix))
